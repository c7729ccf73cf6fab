#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { SubscribedChannel } from "./chunk-OMJM666S.js";
import "./chunk-GZ7VATWC.js";
var RedisChatEvents = class {
    #redis;
    #channel;
    #listeners = new Set();
    constructor(options) {
      (this.#redis = options.redis),
        (this.#channel = new SubscribedChannel(options.subscriber, `${options.prefix}web-chat-events`, (text) => {
          const event = parseEvent(text);
          if (event) for (const listener of this.#listeners) listener(event);
        }));
    }
    async subscribed() {
      await this.#channel.subscribed();
    }
    publish(event) {
      this.#redis.publish(this.#channel.name, JSON.stringify(event)).catch(() => {});
    }
    subscribe(listener) {
      return this.#listeners.add(listener), () => this.#listeners.delete(listener);
    }
    async close() {
      this.#listeners.clear(), await this.#channel.close();
    }
  },
  kinds = new Set(["status", "delta", "final", "error"]);
function parseEvent(text) {
  try {
    const event = JSON.parse(text);
    if (typeof event.conversation == "string" && typeof event.text == "string" && kinds.has(event.kind ?? ""))
      return event;
  } catch {}
}
export { RedisChatEvents };
//# sourceMappingURL=redis-chat-events-EKQ3RRJD.js.map
