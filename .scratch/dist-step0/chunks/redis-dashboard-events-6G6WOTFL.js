#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { isSharedEvent } from "./chunk-FZ2Q7WOY.js";
import { SubscribedChannel } from "./chunk-OMJM666S.js";
import "./chunk-GZ7VATWC.js";
import { randomUUID } from "node:crypto";
var LISTENING_MS = 6e4,
  RedisDashboardEvents = class {
    #redis;
    #channel;
    #member = randomUUID();
    #now;
    #listeningUntil = 0;
    constructor(options) {
      (this.#redis = options.redis),
        (this.#now = options.now ?? Date.now),
        (this.#channel = new SubscribedChannel(options.subscriber, `${options.prefix}dashboard-events`, (text) => {
          const message = parseMessage(text);
          !message ||
            message.from === this.#member ||
            (message.type === "listening"
              ? (this.#listeningUntil = this.#now() + LISTENING_MS)
              : options.deliver(message.event, message.data));
        }));
    }
    async subscribed() {
      await this.#channel.subscribed();
    }
    get listening() {
      return this.#now() < this.#listeningUntil;
    }
    publish(event, data) {
      this.#send({ from: this.#member, event, data });
    }
    announce() {
      this.#send({ from: this.#member, listening: !0 });
    }
    async close() {
      await this.#channel.close();
    }
    #send(message) {
      this.#redis.publish(this.#channel.name, JSON.stringify(message)).catch(() => {});
    }
  };
function parseMessage(text) {
  try {
    const message = JSON.parse(text);
    if (typeof message.from != "string") return;
    if (message.listening === !0) return { type: "listening", from: message.from };
    if (typeof message.event == "string" && isSharedEvent(message.event))
      return { type: "event", from: message.from, event: message.event, data: message.data ?? {} };
  } catch {}
}
export { RedisDashboardEvents };
//# sourceMappingURL=redis-dashboard-events-6G6WOTFL.js.map
