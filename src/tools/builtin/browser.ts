import {
  type BrowserAction,
  BrowserError,
  type BrowserErrorKind,
  type BrowserReply,
  SNAPSHOT_MAX_BYTES,
} from "../../browser/index.js";
import { type Tool, ToolError, type ToolErrorKind, toolResult } from "../tool.js";

/** The way to the conversations' browsers (the daemon's `BrowserPool`, with this agent's settings). */
export interface BrowserPort {
  act(sessionKey: string, action: BrowserAction): Promise<BrowserReply>;
}

export interface BrowserToolOptions {
  /** `tools.browser.timeout`, per action. */
  timeoutMs: number;
  /** `tools.browser.evaluate`: said in the description; off, code the page may not run is refused without asking. */
  evaluate: boolean;
  /** `tools.browser.allow_private`: said in the description. */
  allowPrivate: boolean;
}

interface BrowserArgs {
  action: BrowserAction["action"];
  url?: string;
  ref?: string;
  text?: string;
  submit?: boolean;
  key?: string;
  expression?: string;
}

const ACTIONS = ["navigate", "snapshot", "click", "type", "press", "back", "screenshot", "close", "evaluate"] as const;

/** The arguments each action needs besides `action`. */
const NEEDS: Partial<Record<BrowserArgs["action"], Array<keyof BrowserArgs>>> = {
  navigate: ["url"],
  click: ["ref"],
  type: ["ref", "text"],
  press: ["key"],
  evaluate: ["expression"],
};

const TOOL_ERROR_KIND: Record<BrowserErrorKind, ToolErrorKind> = {
  refused: "PermissionDenied",
  invalid: "InvalidArgs",
  timeout: "Timeout",
  limit: "ExecutionFailed",
  unavailable: "ExecutionFailed",
  failed: "ExecutionFailed",
};

/** The model's arguments as the browser's action; a missing argument is an `InvalidArgs` tool error. */
function actionOf(args: BrowserArgs): BrowserAction {
  const missing = (NEEDS[args.action] ?? []).filter((name) => args[name] === undefined);
  if (missing.length)
    throw new ToolError(
      "InvalidArgs",
      `action "${args.action}" needs ${missing.map((name) => `"${name}"`).join(" and ")}`,
    );
  switch (args.action) {
    case "navigate":
      return { action: "navigate", url: args.url! };
    case "click":
      return { action: "click", ref: args.ref! };
    case "type":
      return { action: "type", ref: args.ref!, text: args.text!, ...(args.submit && { submit: true }) };
    case "press":
      return { action: "press", key: args.key! };
    case "evaluate":
      return { action: "evaluate", expression: args.expression! };
    default:
      return { action: args.action };
  }
}

/** Whether a call would run code in the page: `evaluate`, or navigating to a `javascript:` URL. */
function runsCode(args: BrowserArgs): boolean {
  return args.action === "evaluate" || (args.action === "navigate" && /^\s*javascript:/i.test(args.url ?? ""));
}

/**
 * `browser`: a real browser for pages as people see them (built by JavaScript, clicked, typed into, submitted),
 * one per conversation, kept between turns. A thin tool over the browser room (src/browser): it checks the
 * arguments and turns the browser's refusals and failures into tool errors. Privileged: under
 * `tools.approval: "ask"` every call asks, but for code the page may not run (refused without asking).
 */
export function browserTool(port: BrowserPort, options: BrowserToolOptions): Tool<BrowserArgs> {
  return {
    name: "browser",
    description:
      "Use a real web browser (Chromium), yours for this conversation: it keeps its pages and cookies between " +
      "messages until closed. Actions: navigate {url}; snapshot (the page's title, URL and elements, each with a " +
      "reference like e12, its role and its name); click {ref}; type {ref, text, submit?} (submit presses Enter); " +
      "press {key} (on the focused element, e.g. Enter, Tab, ArrowDown); back; screenshot (you get the image); close; " +
      `evaluate {expression}${options.evaluate ? "" : " (switched off here)"}. References come from the latest ` +
      "snapshot: take a new one after the page changes. " +
      (options.allowPrivate
        ? "Private and local addresses can be opened too. "
        : "Only public web addresses can be opened. ") +
      `A snapshot is cut at ${SNAPSHOT_MAX_BYTES} bytes.`,
    parameters: {
      type: "object",
      properties: {
        action: { type: "string", enum: [...ACTIONS], description: "What to do" },
        url: { type: "string", minLength: 1, description: "navigate: the http:// or https:// URL" },
        ref: {
          type: "string",
          minLength: 1,
          description: "click, type: an element reference from the latest snapshot",
        },
        text: { type: "string", description: "type: the text to put in the field (it replaces what is there)" },
        submit: { type: "boolean", description: "type: press Enter afterwards" },
        key: { type: "string", minLength: 1, description: "press: a key name (Enter, Tab, Escape, ArrowDown, a, ...)" },
        expression: { type: "string", minLength: 1, description: "evaluate: a JavaScript expression" },
      },
      required: ["action"],
      additionalProperties: false,
    },
    safety: "privileged",
    // Code the page may not run is refused without asking anyone first.
    needsApproval: (args) => options.evaluate || !runsCode(args),
    // The action's own limit comes first; starting a browser on a loaded machine takes some seconds more.
    timeoutMs: options.timeoutMs + 90_000,
    async execute(args, ctx) {
      const action = actionOf(args);
      let reply: BrowserReply;
      try {
        reply = await port.act(ctx.sessionKey, action);
      } catch (error) {
        if (error instanceof BrowserError) throw new ToolError(TOOL_ERROR_KIND[error.kind], error.message);
        throw error;
      }
      return toolResult(reply.text, {
        maxBytes: SNAPSHOT_MAX_BYTES + 4_096,
        ...(reply.image && { images: [reply.image] }),
      });
    },
  };
}
