import { join } from "node:path";
import type { MessageBus } from "../../bus/message-bus.js";
import type { ChannelStateStore } from "../../channel-kit/channel.js";
import type { ChatMessage } from "../../providers/provider.js";
import type { ApiRoute } from "../dashboard-routes.js";
import { ChatEvents } from "./chat-events.js";
import { chatRoutes } from "./chat-routes.js";
import { WebChannel } from "./web-channel.js";
import { conversationFile, conversationsShared, WebConversations } from "./web-conversations.js";
import { type SharedUploads, WebUploads } from "./web-uploads.js";

export interface WebChatOptions {
  /** `$SKEIN_HOME`: the conversation list and the uploads waiting for their message live under `web-chat/`. */
  home: string;
  bus: MessageBus;
  /** A conversation's stored messages (the session store's `load`), for its transcript. */
  loadSession: (key: string) => Promise<ChatMessage[]>;
  /** Takes the config's secrets out of every text the endpoints answer. */
  redact: (text: string) => string;
  /** `agents.defaults.max_attachment_bytes`. */
  maxFileBytes: number;
  /** Cluster mode: the conversation list is kept in the state every process shares. */
  sharedState?: ChannelStateStore;
  /** Cluster mode: a message's files are kept where every process can fetch them. */
  sharedUploads?: SharedUploads;
}

/** The dashboard's web chat: the `web` channel, the events it sends the browsers, and its endpoints. */
export interface WebChat {
  /** The channel to run (the daemon creates it behind the redacting channel, as every channel). */
  readonly channel: WebChannel;
  /** What the dashboard's event stream sends as `chat` events. */
  readonly events: ChatEvents;
  /** The `/api/chat` endpoints, for the dashboard's API (behind its session and CSRF checks). */
  readonly routes: readonly ApiRoute[];
}

/** Assembles the web chat; nothing is read or written until the operator uses it. */
export function openWebChat(options: WebChatOptions): WebChat {
  const root = join(options.home, "web-chat");
  const events = new ChatEvents();
  const conversations = new WebConversations(
    options.sharedState ? conversationsShared(options.sharedState) : conversationFile(join(root, "conversations.json")),
  );
  const uploads = new WebUploads(join(root, "uploads"), options.sharedUploads);
  const channel = new WebChannel({ bus: options.bus, events, conversations, uploads });
  const routes = chatRoutes({
    channel,
    conversations,
    uploads,
    loadSession: options.loadSession,
    redact: options.redact,
    maxFileBytes: options.maxFileBytes,
  });
  return { channel, events, routes };
}
