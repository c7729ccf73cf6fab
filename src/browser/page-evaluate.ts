import type { BrowserContext, Page } from "playwright-core";
import { BrowserError } from "./browser-error.js";

/**
 * Runs `expression` in the page as the DevTools console does (`Runtime.evaluate` on a DevTools session of its own:
 * a promise is awaited, the page's CSP does not apply, a loop that never ends is stopped after `timeoutMs`) and
 * answers its value as JSON text (`undefined`, or the engine's description of a value JSON cannot hold).
 */
export async function evaluateInPage(
  context: BrowserContext,
  page: Page,
  expression: string,
  timeoutMs: number,
): Promise<string> {
  const session = await context.newCDPSession(page);
  let timer: NodeJS.Timeout | undefined;
  try {
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new BrowserError("timeout", `the expression did not finish within ${timeoutMs / 1000} s`)),
        timeoutMs,
      );
    });
    const evaluated = session.send("Runtime.evaluate", {
      expression,
      returnByValue: true,
      awaitPromise: true,
      timeout: timeoutMs,
    });
    const { result, exceptionDetails } = await Promise.race([evaluated, expired]).catch((error: unknown) => {
      if (error instanceof BrowserError) throw error;
      throw new BrowserError("failed", `the expression's value could not be read: ${(error as Error).message}`);
    });
    if (exceptionDetails)
      throw new BrowserError(
        "failed",
        `the expression threw: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`.split("\n")[0]!,
      );
    if (result.type === "undefined") return "undefined";
    if (result.unserializableValue !== undefined) return result.unserializableValue;
    return JSON.stringify(result.value) ?? result.description ?? result.type;
  } finally {
    clearTimeout(timer);
    await session.detach().catch(() => undefined);
  }
}
