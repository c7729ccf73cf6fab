#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
var SubscribedChannel = class {
  name;
  #subscriber;
  #subscribe = () => {
    this.#subscriber.subscribe(this.name).catch(() => {});
  };
  constructor(subscriber, name, onMessage) {
    (this.#subscriber = subscriber),
      (this.name = name),
      subscriber.on("message", (channel, text) => {
        channel === name && onMessage(text);
      }),
      subscriber.on("ready", this.#subscribe),
      subscriber.status === "ready" && this.#subscribe();
  }
  async subscribed() {
    await this.#subscriber.subscribe(this.name);
  }
  async close() {
    this.#subscriber.off("ready", this.#subscribe),
      await this.#subscriber.quit().catch(() => this.#subscriber.disconnect());
  }
};
export { SubscribedChannel };
//# sourceMappingURL=chunk-OMJM666S.js.map
