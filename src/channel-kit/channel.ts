import type { Logger } from "pino";
import type { MessageBus } from "../bus/message-bus.js";
import type {
  DeliveryReceipt,
  InboundMessage,
  MediaAttachment,
  OutboundMessage,
  SendOptions,
} from "../bus/messages.js";
import type { ApprovalDecisions, ApprovalHandle, ApprovalPrompt } from "./approval.js";
import type { DownloadOptions, DownloadResult } from "./attachment-download.js";
import type { ReplyStream, ReplyTarget, StreamResume } from "./reply-stream.js";

export type { SendOptions } from "../bus/messages.js";

/** Connection state of a channel, as health checks and `skein status` report it. */
export interface ChannelStatus {
  state: "starting" | "connected" | "disconnected" | "failed" | "stopped";
  /** Epoch milliseconds of the last state change. */
  since: number;
  /** Human-readable reason for the state (the error of a failed start, a reconnect in progress). */
  detail?: string;
  /** Who the bot is on the platform, as people address it (`@skein_bot`), once it is known. */
  account?: string;
  /**
   * Cluster mode, a single-consumer connection (Telegram long polling, the Discord gateway):
   * whether this process receives (it holds the connection's lease) or only sends.
   */
  lease?: ChannelLeaseStatus;
}

/** Who receives on a leased connection (see {@link ChannelStatus.lease}). */
export interface ChannelLeaseStatus {
  /** The lease, e.g. `connection:telegram:123456`. */
  name: string;
  /** `receiving`: this process holds the lease; `sending`: it only sends while another process (or nobody yet) holds it. */
  role: "receiving" | "sending";
  /** The process holding the lease (`host:pid:id`), when one does. */
  holder?: string;
}

/** One entry of a platform's command menu (Telegram's `setMyCommands`). */
export interface ChatMenuCommand {
  /** The command without its slash, in the platform's spelling (Telegram: 1-32 of a-z, 0-9, _). */
  command: string;
  /** 1-256 characters. */
  description: string;
}

/** A running "the bot is working" indicator (typing, a reaction); `end` always stops it. */
export interface WorkingIndicator {
  end(): void;
}

/**
 * A platform plugin. A channel turns platform events into {@link InboundMessage}s
 * (published on the bus given to its factory) and delivers {@link OutboundMessage}s.
 * It never decides who may talk to the bot: access control lives in the core.
 */
export interface Channel {
  /** The channel name used in messages and config (`telegram`, `slack`, ...). */
  readonly name: string;
  /**
   * Connects to the platform and begins receiving. Resolves once the channel is
   * receiving; rejects with a {@link ChannelError} when it cannot start (bad token).
   * Aborting `signal` stops receiving.
   */
  start(signal: AbortSignal): Promise<void>;
  /**
   * Delivers one message (rendered and chunked for the platform), retrying transient failures.
   * `options.fromChunk` skips the chunks an earlier run delivered; `options.onChunkDelivered`
   * is awaited after each chunk the platform accepted, before the next one is sent.
   */
  send(message: OutboundMessage, options?: SendOptions): Promise<DeliveryReceipt | undefined>;
  /** Stops receiving and releases the connection. In-flight `send`s may still complete. */
  stop(): Promise<void>;
  /**
   * For a connection only one process may hold (a plugin whose descriptor names a
   * `receivingLease`), run under a lease in cluster mode: makes the channel able to send
   * (credentials checked, REST ready) without receiving. Rejects like {@link Channel.start}.
   * Then {@link Channel.startReceiving} and {@link Channel.stopReceiving} follow the lease.
   */
  openForSending?(signal: AbortSignal): Promise<void>;
  /** Begins receiving on a channel opened for sending; resolves once it receives. */
  startReceiving?(signal: AbortSignal): Promise<void>;
  /**
   * Stops receiving at once, without a word to the platform (a holder that lost its lease must
   * not touch the connection: another process holds it now); sending keeps working.
   */
  stopReceiving?(): Promise<void>;
  /** Current connection state. */
  status(): ChannelStatus;
  /** Shows that the bot is working on `message` (typing, a reaction) until `end()` is called. */
  indicateWorking?(message: InboundMessage): WorkingIndicator;
  /**
   * Starts a reply that appears as it is written (see {@link ReplyStream}); `undefined`
   * when streaming is off for this channel (`channels.<name>.streaming: false`). With
   * `resume`, the stream writes in that existing preview instead of posting a new one.
   */
  openStream?(target: ReplyTarget, resume?: StreamResume): ReplyStream | undefined;
  /**
   * Posts an approval prompt with the buttons Allow once, Allow for this conversation and
   * Deny (see approval.ts); presses go to `ChannelDeps.approvals`. Without it, calls that
   * need approval in this channel's chats are denied.
   */
  askApproval?(prompt: ApprovalPrompt, signal: AbortSignal): Promise<ApprovalHandle>;
  /** Replaces a posted prompt's text with `text` and removes its buttons (a timeout, a restart). */
  settleApproval?(prompt: ApprovalPrompt, handle: ApprovalHandle, text: string): Promise<void>;
  /**
   * Downloads an attachment of a message this channel received (its `media`), through the
   * shared downloader; the agent calls it only after the gates admitted the message.
   */
  fetchAttachment?(attachment: MediaAttachment, options: DownloadOptions): Promise<DownloadResult>;
  /** Sets the command menu people see (Telegram's `setMyCommands`): the built-in commands and the skills they may call. */
  setCommands?(commands: readonly ChatMenuCommand[]): Promise<void>;
  /**
   * Whether `send` delivers an attachment marked `voice` as audio people play in the chat (Telegram's
   * voice notes, an audio file on Slack and Discord): spoken replies go only to such channels.
   */
  readonly voiceNotes?: boolean;
}

/** What a channel factory is given: its own `channels.<name>` settings, not the whole config. */
export interface ChannelDeps<Settings = unknown> {
  settings: Settings;
  bus: MessageBus;
  log: Logger;
  /** The state directory (`$SKEIN_HOME`). */
  home: string;
  /** `agents.defaults.max_message_age` in seconds: a catch-up after downtime fetches nothing older (default 86400). */
  maxMessageAgeSeconds?: number;
  /** Where approval button presses go (absent when nothing asks for approval). */
  approvals?: ApprovalDecisions;
  /**
   * Cluster mode: state the channel keeps across restarts (Discord's catch-up marks), shared by
   * every process, so that the next one to receive resumes where the last one stopped. Absent,
   * the channel keeps it under `$SKEIN_HOME/state`.
   */
  sharedState?: ChannelStateStore;
}

/** Small texts a channel keeps by key (see {@link ChannelDeps.sharedState}); both calls reject when the store is out of reach. */
export interface ChannelStateStore {
  read(key: string): Promise<string | undefined>;
  write(key: string, value: string): Promise<void>;
}

/** Creates a plugin's channel; a descriptor's `load()` resolves to one (see channel-descriptor.ts). */
export type ChannelFactory<Settings = unknown> = (deps: ChannelDeps<Settings>) => Channel;

/** Why a channel failed at the platform boundary. */
export type ChannelErrorKind = "auth" | "conflict" | "network" | "rate-limit" | "rejected" | "config";

/** A platform-level channel failure with one meaning per kind. */
export class ChannelError extends Error {
  override readonly name = "ChannelError";
  constructor(
    readonly kind: ChannelErrorKind,
    readonly channel: string,
    message: string,
    readonly options: { cause?: unknown; retryable?: boolean; retryAfterMs?: number } = {},
  ) {
    super(message, { cause: options.cause });
  }

  get retryable(): boolean {
    return this.options.retryable ?? (this.kind === "network" || this.kind === "rate-limit");
  }
}
