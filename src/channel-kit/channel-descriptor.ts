import type * as z from "zod";
import type { MessageBus } from "../bus/message-bus.js";
import type { InboundMessage } from "../bus/messages.js";
import type { CheckResult } from "../checks/check-result.js";
import type { ProbeOptions } from "../checks/http-probe.js";
import type { ApprovalDecisions } from "./approval.js";
import type { Channel, ChannelFactory } from "./channel.js";

/**
 * What the core knows about a plugin without loading its SDK: every plugin's
 * `index.ts` exports one descriptor, and `channels/catalog.ts` lists them. Config
 * parsing, environment overrides, secret redaction, start-up, `skein doctor` and
 * `skein config check` walk the catalog instead of naming platforms.
 */
export type ChannelDescriptor = PlatformChannelDescriptor | TerminalChannelDescriptor;

/** The zod object of a plugin's `channels.<name>` settings; every key needs a default or must be optional. */
export type ChannelSettingsSchema = z.ZodObject;

/** How an environment variable's text becomes a setting: as is, a comma-separated list, a number, or true/false. */
export type EnvConversion = "text" | "list" | "number" | "boolean";

/** A setting an environment variable overrides: its key in `channels.<name>`, converted as text unless told. */
export type EnvBinding<Key extends string = string> = Key | { key: Key; as: EnvConversion };

/** What a plugin's credentials check is given: how to reach the network (through a proxy when the plugin uses one). */
export interface CredentialCheckContext {
  /** A fetch and time limit for probing; `proxy` routes through an HTTP(S) proxy (ignored when a test injects a fetch). */
  probeWith(proxy?: string): ProbeOptions;
}

/** A platform plugin (Telegram, Slack, ...): configured under `channels.<name>`, started by `skein start` when configured. */
export interface PlatformChannelDescriptor<
  Name extends string = string,
  Schema extends ChannelSettingsSchema = ChannelSettingsSchema,
> {
  readonly kind: "platform";
  /** The channel's name: its config key, the `channel` of its messages, its name in logs. */
  readonly name: Name;
  /** The schema of `channels.<name>`. */
  readonly settings: Schema;
  /** Environment variables and the settings they override (documented in docs/configuration.md and .env.example). */
  readonly env: Readonly<Record<string, EnvBinding<keyof z.output<Schema> & string>>>;
  /** Settings whose values are secrets: redacted from logs and doctor output. */
  readonly secrets: ReadonlyArray<keyof z.output<Schema> & string>;
  /** The settings `skein init` asks for, in order: the credentials (default: {@link secrets}). */
  readonly setup?: ReadonlyArray<keyof z.output<Schema> & string>;
  /** Whether enough is set to start the channel (its token, usually). */
  isConfigured(settings: z.output<Schema>): boolean;
  /** What to set to enable the channel, e.g. `DISCORD_BOT_TOKEN`. */
  readonly credentialHint: string;
  /** What to check when the platform rejects the credentials, e.g. `SLACK_BOT_TOKEN, SLACK_APP_TOKEN or SLACK_SIGNING_SECRET`. */
  readonly credentialRemedy: string;
  /**
   * When the receiving connection allows one consumer per credential (Telegram long polling,
   * the Discord gateway), what names it: a bot id or a hash of the token, never the secret.
   * In cluster mode one process receives on it under the lease `connection:<name>:<this>`;
   * the others only send. `undefined` (or no method): every process may receive (a webhook,
   * Slack), and the channel starts as usual. Such a plugin's channel implements
   * `openForSending`, `startReceiving` and `stopReceiving`.
   */
  receivingLease?(settings: z.output<Schema>): string | undefined;
  /** Problems in settings that parse but cannot work (shown by `skein config check`). */
  configWarnings?(settings: z.output<Schema>): string[];
  /** `skein doctor`'s check of the credentials, one request the platform answers for free; loads its code lazily. */
  checkCredentials(settings: z.output<Schema>, context: CredentialCheckContext): Promise<CheckResult[]>;
  /** Imports the channel's module (and with it, its SDK) and returns its factory. */
  load(): Promise<ChannelFactory<z.output<Schema>>>;
}

/** The terminal channel of `skein chat`: no settings, never started by `skein start`. */
export interface TerminalChannelDescriptor {
  readonly kind: "terminal";
  readonly name: string;
  /** Imports the channel's module and returns its factory. */
  load(): Promise<TerminalChannelFactory>;
}

/** What the terminal channel is given. */
export interface TerminalChannelDeps {
  bus: MessageBus;
  /** Receives each reply's text (the chat command prints it). */
  onReply: (text: string) => void;
  /** The terminal conversation's chat id (default `local`). */
  chatId?: string;
  /**
   * An interactive terminal (a TTY) to draw on: replies then stream as they are written,
   * rendered from Markdown, with a working indicator and a line per tool call. Without it
   * (a pipe, `-m`) each reply goes whole to `onReply`.
   */
  terminal?: { write(text: string): unknown };
  /** Where the terminal's approval answers go (from the daemon's channel deps). */
  approvals?: ApprovalDecisions;
  /** Asks the person at the terminal a question and resolves with the line they answer; absent with `-m`. */
  confirm?: (question: string) => Promise<string>;
}

/** A channel the operator types into. */
export interface TerminalChannel extends Channel {
  /** Publishes a line the user typed; returns the inbound message. */
  say(text: string): InboundMessage;
}

export type TerminalChannelFactory = (deps: TerminalChannelDeps) => TerminalChannel;

/** Declares a platform plugin, keeping its name and settings types precise for the config's type. */
export function definePlatformChannel<const Name extends string, Schema extends ChannelSettingsSchema>(
  descriptor: Omit<PlatformChannelDescriptor<Name, Schema>, "kind">,
): PlatformChannelDescriptor<Name, Schema> {
  return { kind: "platform", ...descriptor };
}

/** Declares the terminal channel. */
export function defineTerminalChannel(descriptor: Omit<TerminalChannelDescriptor, "kind">): TerminalChannelDescriptor {
  return { kind: "terminal", ...descriptor };
}
