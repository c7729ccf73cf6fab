import * as z from "zod";
import { channelsShape } from "../channel-catalog/loader.js";
import { port } from "../channel-kit/channel-settings.js";
import { agentEntrySchema, agentId, binding, checkAgentReferences } from "./agents-schema.js";
import { httpUrl } from "./http-url.js";
import { providers } from "./providers-schema.js";
import { seconds } from "./seconds.js";
import { checkSpeechProviders, ttsSchema } from "./speech-schema.js";
import { subagentsSchema } from "./subagents-schema.js";

export type { GroupPolicy } from "../channel-kit/channel-settings.js";

/**
 * The configuration file (`$SKEIN_HOME/config.json`), snake_case as in the design
 * documents. Every key has a default, so `{}` is a valid config; environment
 * variables override the file (see load.ts and .env.example).
 */

/** The host's IANA time zone. */
export function hostTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** Whether `name` is a time zone this runtime knows. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const agentDefaults = z.object({
  model: z.string().min(1).default("gpt-4o-mini"),
  max_tool_iterations: z.number().int().min(1).default(20),
  /** Root of the file tools' sandbox; default `$SKEIN_HOME/workspace`. */
  workspace: z.string().min(1).optional(),
  memory_window: z.number().int().min(1).default(50),
  /** Longer inbound text is cut to this many characters, with a note to the model saying so. */
  max_message_chars: z.number().int().min(100).default(32_000),
  /**
   * The history sent with a turn is at most this many characters (as well as `memory_window`
   * messages). 240,000 characters are about 60-80K tokens (3-4 characters a token): with the
   * system prompt, tool schemas, a 32,000-character message and the answer, that fits a
   * 128K-token context window.
   */
  max_history_chars: z.number().int().min(1000).default(240_000),
  max_concurrent_turns: z.number().int().min(1).default(8),
  max_tokens: z.number().int().min(1).optional(),
  temperature: z.number().min(0).max(2).optional(),
  /**
   * Thinking before answering, for the APIs that have it: Anthropic's extended thinking (a token
   * budget), the Responses API's `reasoning.effort`, Ollama's `think`. `off` sends none.
   */
  thinking: z.enum(["off", "low", "medium", "high"]).default("off"),
  /** Whole-turn time limit in seconds; a turn still running then is aborted and the user told. */
  turn_timeout: seconds().default(600),
  /** Models tried in order when the current one fails with a connection error, timeout, 429 or 5xx. */
  fallbacks: z.array(z.string().min(1)).default([]),
  /** Inbound attachments larger than this many bytes are not downloaded (the model and the user get a note). */
  max_attachment_bytes: z
    .number()
    .int()
    .min(1)
    .default(20 * 1024 * 1024),
  /** Images go to the model as image parts (a vision model is needed); false: a note with the saved path only. */
  vision: z.boolean().default(true),
  /** The models `/model` offers; default: the default model and its fallbacks. */
  models: z.array(z.string().min(1)).optional(),
  /** IANA time zone of scheduled jobs that name none; default the host's. */
  timezone: z.string().min(1).refine(isTimeZone, "must be an IANA time zone name such as Europe/Berlin").optional(),
  budgets: z
    .object({
      per_user_daily_tokens: z.number().int().positive().optional(),
      per_chat_daily_tokens: z.number().int().positive().optional(),
      /** The whole bot's spending per day, in the currency of `providers.<name>.prices`. */
      daily_cost: z.number().positive().optional(),
    })
    .prefault({}),
  /** Seconds: a platform message older than this when it arrives is recorded (deduplicated) and not answered. */
  max_message_age: z.number().positive().default(86_400),
  /** Long conversations: the older part is summarised when the context passes `threshold` of the model's window. */
  compaction: z
    .object({
      /** Share of the model's context window (`providers.<name>.context_windows`) that triggers a compaction. */
      threshold: z.number().gt(0).max(1).default(0.6),
      /** Turns kept verbatim after the summary. */
      keep_recent: z.number().int().min(0).default(10),
      /** The model that writes summaries; default the chat's. */
      model: z.string().min(1).optional(),
      /** A silent turn first lets the model store durable facts with the memory tools. */
      memory_flush: z.boolean().default(true),
      /** Seconds a turn waits at most for a compaction; then it falls back to the recent window. */
      timeout: seconds().default(60),
    })
    .prefault({}),
  /** Sub-agents: background children a turn starts with the `delegate` tool (see subagents-schema.ts). */
  subagents: subagentsSchema.prefault({}),
});

const mcpServer = z.object({
  command: z.string().optional(),
  args: z.array(z.string()).default([]),
  env: z.record(z.string(), z.string()).default({}),
  cwd: z.string().optional(),
  url: httpUrl().optional(),
  headers: z.record(z.string(), z.string()).default({}),
  /** Per-call timeout in seconds. */
  timeout: seconds().default(60),
  safety: z.enum(["read-only", "side-effecting", "privileged"]).default("side-effecting"),
  enabled: z.boolean().default(true),
  /** Glob allowlist of the server's tool names (`*` and `?`); all when absent. */
  tools: z.array(z.string()).optional(),
});

/** How far the `message` tool reaches: chats the bot knows, or any chat. */
const messageTargetsMode = z.enum(["known", "any"]);

const tools = z.object({
  /** Tool names the agent is offered (all when absent): `*` is a wildcard, MCP tools are `<server>__<tool>`. */
  allow: z.array(z.string().min(1)).optional(),
  /** Tool names the agent is never offered, even when `allow` names them. */
  deny: z.array(z.string().min(1)).default([]),
  /**
   * What happens to privileged tool calls (shell, spawn, delete_file, web_fetch other than
   * GET/HEAD, privileged MCP servers' tools): run them, refuse them, or ask in the chat first.
   */
  approval: z.enum(["allow", "deny", "ask"]).default("allow"),
  /** More tools whose every call needs approval (with `approval: ask`) or is refused (`deny`). */
  approval_required: z.array(z.string()).default([]),
  /** Who may decide any approval besides the sender who started the turn: `channel:userId`. */
  approvers: z.array(z.string().regex(/^[a-z][a-z0-9_-]*:.+$/, "expected channel:userId")).default([]),
  /** Seconds a prompt waits for an answer; then the call is denied. */
  approval_timeout: z.number().positive().default(300),
  exec: z
    .object({
      /** Allowlist mode: every command segment must match one of these names or globs. */
      allow: z.array(z.string()).optional(),
      /** Extra environment for commands the agent runs (the daemon's own secrets never pass). */
      env: z.record(z.string(), z.string()).default({}),
      /** Where commands run: bubblewrap (`auto`, `bwrap`: refused without a working one), or unsandboxed (`none`). */
      sandbox: z.enum(["auto", "bwrap", "none"]).default("auto"),
      /**
       * What network sandboxed commands reach: nothing (`none`), public addresses through the
       * daemon's guarded proxy (`public`), or the host's network (`full`). The booleans of
       * earlier versions still read: false is `none`, true `public`.
       */
      network: z
        .union([z.enum(["none", "public", "full"]), z.boolean()])
        .transform((value) => (value === false ? "none" : value === true ? "public" : value))
        .default("public"),
      /** Processes one sandboxed command may run at once (a fork bomb ends that call only). */
      max_processes: z.number().int().min(8).default(256),
      /** Memory one sandboxed process may allocate, in MB (RLIMIT_DATA). */
      max_memory_mb: z.number().int().min(64).default(2048),
    })
    .prefault({}),
  /**
   * Which chats the `message` tool may send to: chats the bot knows (`known`) or any (`any`);
   * the object form adds `extra` targets (`channel:chatId`) to the mode's.
   */
  message: z
    .object({
      targets: z
        .union([
          messageTargetsMode,
          z.object({
            mode: messageTargetsMode.default("known"),
            extra: z.array(z.string().regex(/^[a-z][a-z0-9_-]*:.+$/, "expected channel:chatId")).default([]),
          }),
        ])
        .default("known"),
    })
    .prefault({}),
  web_fetch: z.object({ allow_private: z.boolean().default(false) }).prefault({}),
  /** The `browser` tool: a Chromium the daemon starts per conversation, in the sandbox (docs/tools.md). */
  browser: z
    .object({
      /** On when a Chromium is found (`executable`, else `chromium`, `chromium-browser`, `google-chrome` on PATH). */
      enabled: z.boolean().optional(),
      /** The Chromium (or Chrome) program; default the first of those names found on PATH. */
      executable: z.string().min(1).optional(),
      headless: z.boolean().default(true),
      /** Seconds one action may take. */
      timeout: seconds().default(30),
      /** Seconds a conversation's browser stays open unused; then it is closed. */
      idle_timeout: seconds().default(300),
      /** Let pages reach private and loopback addresses (as `web_fetch.allow_private` does for web_fetch). */
      allow_private: z.boolean().default(false),
      /** Let the model run JavaScript in the page (`action: "evaluate"`). */
      evaluate: z.boolean().default(false),
      /** Browsers open at once, over every conversation (a further one is refused with a tool error). */
      max_open: z.number().int().min(1).default(4),
    })
    .prefault({}),
  /** Speech to text for voice messages: an OpenAI-compatible /audio/transcriptions endpoint (default: providers.openai's). */
  transcription: z
    .object({
      base_url: httpUrl("/v1").optional(),
      api_key: z.string().optional(),
      model: z.string().min(1).default("whisper-1"),
    })
    .prefault({}),
  web_search: z
    .object({
      provider: z.enum(["brave", "searxng"]).optional(),
      api_key: z.string().optional(),
      /** API endpoint: the SearXNG instance's /search URL, or a Brave-compatible endpoint. */
      endpoint: httpUrl().optional(),
    })
    .prefault({}),
  mcp_servers: z.record(z.string(), mcpServer).default({}),
  schedule: z
    .object({
      /** Seconds: a run missed while the daemon was down fires on start when younger than this. */
      catch_up: z.number().min(0).default(3600),
      max_jobs_per_chat: z.number().int().min(1).default(50),
    })
    .prefault({}),
});

/** `skills.entries.<name>`: one skill switched off, or given environment (secrets) for its commands. */
const skillEntry = z.object({
  enabled: z.boolean().default(true),
  /** Secrets: redacted like every other, passed only to the commands of a turn that loaded the skill. */
  env: z.record(z.string(), z.string()).default({}),
});

const skills = z.object({
  /** More folders of skills, searched after the workspace's, `$SKEIN_HOME`'s and `~/.agents`'. */
  dirs: z.array(z.string().min(1)).default([]),
  /** The most characters the skills catalog takes in the system prompt. */
  max_prompt_chars: z.number().int().min(0).default(8000),
  entries: z.record(z.string(), skillEntry).default({}),
});

/** `hooks.<name>`: a webhook `POST /hooks/<name>` on the gateway port delivers to one chat. */
const hook = z.object({
  /** The bearer token callers send (`Authorization: Bearer <token>`). */
  token: z.string().min(24, "must be at least 24 characters"),
  deliver_to: z.object({ channel: z.string().min(1), chat_id: z.string().min(1) }),
  /** `notify`: the body's text is sent as it is; `agent`: the body is data for an agent turn. */
  mode: z.enum(["notify", "agent"]).default("notify"),
  rate_per_minute: z.number().int().min(1).default(60),
});

/**
 * The health endpoints' port when none is set: unassigned by IANA, below Linux's ephemeral
 * range (32768+, so an outgoing connection never holds it), and clear of the ports people
 * run next to skein (3000, 8080, 8443, openclaw's 18789).
 */
export const defaultHealthPort = 17870;

const gateway = z.object({
  /** Port of the webhooks (`POST /hooks/<name>`); default the health port (one server for both). */
  port: port.optional(),
  /** Port of the health endpoints (`/healthz`, `/readyz`, `/status`) that `skein start` serves. */
  health_port: port.default(defaultHealthPort),
  health_host: z.string().default("127.0.0.1"),
  /**
   * The interface the gateway (health endpoints, webhooks, dashboard) binds; when set it wins over
   * `health_host`, its older name.
   */
  bind: z.string().min(1).optional(),
  /**
   * Public host names the health and webhook endpoints are reached by (behind a reverse proxy);
   * besides these, only IP literals and `localhost` are answered (DNS rebinding).
   */
  hosts: z.array(z.string().regex(/^[a-zA-Z0-9.-]+$/, "a host name, without scheme or port")).default([]),
  /** Seconds a channel may stay disconnected before /readyz fails. */
  unready_after: seconds().default(60),
});

/** `dashboard`: the operator's web dashboard on the gateway port (docs/dashboard.md). */
const dashboard = z.object({
  enabled: z.boolean().default(true),
  /** Seconds a dashboard login lasts (default 7 days). */
  session_ttl: seconds().default(7 * 24 * 3600),
});

/** `bus.sentinel`: Redis behind Sentinel (instead of `bus.redis_url`); docs/cluster.md. */
const sentinel = z.object({
  /** The name the Sentinels monitor the primary under (`sentinel monitor <master> ...`). */
  master: z.string().min(1),
  /** The Sentinels, `host:port` each; one that answers is enough, the others are tried in turn. */
  nodes: z
    .array(z.string().regex(/^(\[[0-9a-fA-F:.]+\]|[^\s:[\]]+):\d{1,5}$/, "expected host:port ([::1]:port for IPv6)"))
    .min(1, "name at least one Sentinel (host:port)"),
  /** The data nodes' password (default `bus.redis_password`). */
  password: z.string().optional(),
  /** The Sentinels' own password, when they have one. */
  sentinel_password: z.string().optional(),
});

const bus = z
  .object({
    /**
     * Cluster mode: `redis://[user:password@]host:port[/db]` or `rediss://` (TLS). Every process
     * with the same Redis shares the chats; unset, the journal is a file under `$SKEIN_HOME/state`.
     */
    redis_url: z
      .string()
      .regex(/^rediss?:\/\/./, "expected a redis:// or rediss:// URL")
      .optional(),
    /** Used when `redis_url` carries no password (and by `sentinel` when it names none). */
    redis_password: z.string().optional(),
    /** Cluster mode on a Redis primary found through Sentinel, which follows it through a failover. */
    sentinel: sentinel.optional(),
    /**
     * Seconds from a process's death to another taking its chats, pending messages and receiving
     * connections: nothing moves before half of it has passed, everything has moved by seven eighths.
     */
    takeover_after: seconds().default(4),
  })
  .refine((value) => !(value.redis_url && value.sentinel), {
    message: "set bus.redis_url or bus.sentinel, not both (SKEIN_REDIS_URL or SKEIN_REDIS_SENTINELS)",
  });

const agentEntry = agentEntrySchema(agentDefaults, tools, mcpServer, ttsSchema);

const agents = z.object({
  defaults: agentDefaults.prefault({}),
  /** Several agents, each with its own workspace and overrides; absent: one agent, `main`. */
  list: z.array(agentEntry).optional(),
  /** The agent of messages no binding matches; default the first of `list` (`main` without a list). */
  default: agentId.optional(),
});

export const configSchema = z
  .object({
    agents: agents.prefault({}),
    /** Which agent answers which chats, senders, teams, guilds, threads or channels (most specific match wins). */
    bindings: z.array(binding).default([]),
    providers,
    /** Each plugin's settings under its name, as its descriptor in channels/catalog.ts declares them. */
    channels: z.object(channelsShape()).prefault({}),
    tools: tools.prefault({}),
    skills: skills.prefault({}),
    gateway: gateway.prefault({}),
    dashboard: dashboard.prefault({}),
    hooks: z
      .record(z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, "hook names are letters, digits, - and _"), hook)
      .default({}),
    bus: bus.prefault({}),
    /** Spoken replies (see speech-schema.ts); `agents.list[].tts` overrides it key by key. */
    tts: ttsSchema.prefault({}),
    pairing: z
      .object({
        /** Seconds between two pairing replies to the same sender (the ones in between are ignored). */
        reply_interval: z.number().min(0).default(3600),
      })
      .prefault({}),
    log_level: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** `skein start` appends its log (JSON lines) to this file instead of stderr; rotation is the platform's (logrotate). */
    log_file: z.string().min(1).optional(),
  })
  .superRefine(checkAgentReferences)
  .superRefine(checkSpeechProviders);

/** The validated configuration with every default filled in. */
export type SkeinConfig = z.output<typeof configSchema>;
/** The configuration as written in a file (every key optional). */
export type SkeinConfigInput = z.input<typeof configSchema>;
export type HookConfig = z.output<typeof hook>;
export type SkillsConfig = z.output<typeof skills>;
export type McpServerConfig = z.output<typeof mcpServer>;
export type { ModelProviderConfig, ProviderApi } from "./providers-schema.js";
/** `agents.defaults` with its defaults filled in. */
export type AgentDefaultsConfig = z.output<typeof agentDefaults>;
/** The top-level `tools` with its defaults filled in. */
export type ToolsConfig = z.output<typeof tools>;
/** One `agents.list[]` entry as written: its overrides only. */
export type AgentEntryConfig = z.output<typeof agentEntry>;
/** One `bindings[]` entry. */
export type BindingConfig = z.output<typeof binding>;
