#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import "./chunk-GZ7VATWC.js";
async function openDaemonWebChat(options) {
  let { cluster, ...chatOptions } = options,
    { openWebChat } = await import("./open-web-chat-Y7MCEDNS.js"),
    webChat = openWebChat({
      ...chatOptions,
      ...(cluster && {
        sharedState: cluster.channelState("web"),
        sharedUploads: (await import("./redis-web-uploads-ONAX4RMQ.js")).redisWebUploads(cluster),
      }),
    }),
    relay;
  return {
    channel: { name: webChat.channel.name, create: () => webChat.channel },
    async join(dashboard) {
      dashboard.addRoutes(webChat.routes);
      const show = (event) => dashboard.events.publish("chat", event);
      if (!cluster) {
        webChat.events.subscribe(show);
        return;
      }
      const { RedisChatEvents } = await import("./redis-chat-events-EKQ3RRJD.js"),
        subscriber = cluster.redis.duplicate();
      subscriber.on("error", () => {});
      const shared = new RedisChatEvents({ redis: cluster.redis, subscriber, prefix: cluster.prefix });
      (relay = shared), shared.subscribe(show), webChat.events.subscribe((event) => shared.publish(event));
    },
    async close() {
      await relay?.close();
    },
  };
}
export { openDaemonWebChat };
//# sourceMappingURL=web-chat-43PQO4T3.js.map
