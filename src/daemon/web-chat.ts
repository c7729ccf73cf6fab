import type { MessageBus } from "../bus/message-bus.js";
import type { Cluster } from "../cluster/open-cluster.js";
import type { Dashboard } from "../dashboard/dashboard-server.js";
import type { ChatEvent, ChatEventRelay } from "../dashboard/web-chat/chat-events.js";
import type { WebChat, WebChatOptions } from "../dashboard/web-chat/open-web-chat.js";
import type { ExtraChannel } from "./channel-specs.js";

export interface DaemonWebChatOptions extends Omit<WebChatOptions, "sharedState" | "sharedUploads" | "bus"> {
  bus: MessageBus;
  /** Cluster mode: the conversation list and the events are shared by every process. */
  cluster?: Cluster;
}

/** The dashboard's chat as `skein start` runs it: the `web` channel, then its routes and events on the dashboard. */
export interface DaemonWebChat {
  /** The `web` channel, for the supervisor. */
  readonly channel: ExtraChannel;
  /** Joins the running dashboard: the `/api/chat` routes, and the `chat` events on `/api/events`. */
  join(dashboard: Dashboard): Promise<void>;
  close(): Promise<void>;
}

/** Opens the web chat (imported only when `skein start` serves the dashboard). */
export async function openDaemonWebChat(options: DaemonWebChatOptions): Promise<DaemonWebChat> {
  const { cluster, ...chatOptions } = options;
  const { openWebChat } = await import("../dashboard/web-chat/open-web-chat.js");
  const webChat: WebChat = openWebChat({
    ...chatOptions,
    ...(cluster && {
      sharedState: cluster.channelState("web"),
      sharedUploads: (await import("../cluster/redis-web-uploads.js")).redisWebUploads(cluster),
    }),
  });
  let relay: ChatEventRelay | undefined;
  return {
    channel: { name: webChat.channel.name, create: () => webChat.channel },
    async join(dashboard) {
      dashboard.addRoutes(webChat.routes);
      const show = (event: ChatEvent) => dashboard.events.publish("chat", event);
      if (!cluster) {
        webChat.events.subscribe(show);
        return;
      }
      // Clustered, a turn may run in another process than the browser's: events go through Redis.
      const { RedisChatEvents } = await import("../cluster/redis-chat-events.js");
      const subscriber = cluster.redis.duplicate();
      subscriber.on("error", () => undefined);
      const shared = new RedisChatEvents({ redis: cluster.redis, subscriber, prefix: cluster.prefix });
      relay = shared;
      shared.subscribe(show);
      webChat.events.subscribe((event) => shared.publish(event));
    },
    async close() {
      await relay?.close();
    },
  };
}
