import { createRequire } from "node:module";
import { htmlToPlainText } from "./html-to-text.js";

/** Pages larger than this are not given to the Markdown converter at all. */
export const MARKDOWN_MAX_HTML_BYTES = 512 * 1024;
/** The converter's time budget; a page that takes longer is shown as plain text. */
export const MARKDOWN_TIME_BUDGET_MS = 3_000;

/** turndown, run in a worker thread (CommonJS, so the worker needs no bundling). */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const TurndownService = require(workerData.turndown);
const turndown = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced" });
turndown.remove(["script", "style", "noscript", "template", "iframe"]);
parentPort.postMessage(turndown.turndown(workerData.html).trim());
`;

export interface HtmlConversionOptions {
  /** Default {@link MARKDOWN_TIME_BUDGET_MS}. */
  timeBudgetMs?: number;
  signal?: AbortSignal;
}

/**
 * HTML to Markdown off the main thread, within a size and a time budget: turndown's
 * time grows faster than linearly with nesting, so one hostile page must not hold the
 * event loop (every chat) for minutes. Over budget, the page comes back as plain text.
 */
export async function htmlToMarkdown(
  html: string,
  options: HtmlConversionOptions = {},
): Promise<{ text: string; converter: "markdown" | "plain-text" }> {
  if (Buffer.byteLength(html) > MARKDOWN_MAX_HTML_BYTES)
    return { text: htmlToPlainText(html), converter: "plain-text" };
  const turndown = createRequire(import.meta.url).resolve("turndown");
  // Imported here: an idle daemon does not load worker threads at all.
  const { Worker } = await import("node:worker_threads");
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { html, turndown } });
  let timer: NodeJS.Timeout | undefined;
  const onAbort = (): void => void worker.terminate();
  options.signal?.addEventListener("abort", onAbort, { once: true });
  try {
    const markdown = await new Promise<string | undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), options.timeBudgetMs ?? MARKDOWN_TIME_BUDGET_MS);
      timer.unref();
      worker.once("message", (text: string) => resolve(text));
      worker.once("error", () => resolve(undefined));
      worker.once("exit", () => resolve(undefined));
    });
    return markdown === undefined
      ? { text: htmlToPlainText(html), converter: "plain-text" }
      : { text: markdown, converter: "markdown" };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onAbort);
    void worker.terminate();
  }
}
