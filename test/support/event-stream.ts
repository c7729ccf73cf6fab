import { type ClientRequest, request as httpRequest, type IncomingMessage } from "node:http";
import { waitUntil } from "./wait-until.js";

/** One Server-Sent Event: its name and its data, parsed as JSON. */
export interface StreamedEvent {
  event: string;
  data: unknown;
}

/** A browser's `GET /api/events` stream: every event it received so far. */
export interface EventStream {
  readonly events: StreamedEvent[];
  /** Resolves with the events once `condition` holds for them (fails after `limitMs`). */
  until(condition: (events: StreamedEvent[]) => boolean, what: string, limitMs?: number): Promise<StreamedEvent[]>;
  close(): void;
}

/** Opens `path` on 127.0.0.1:`port` with `headers` and collects its events; resolves once the stream answered 200. */
export function openEventStream(port: number, path: string, headers: Record<string, string>): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const events: StreamedEvent[] = [];
    let outgoing: ClientRequest | undefined;
    outgoing = httpRequest({ host: "127.0.0.1", port, path, headers, agent: false }, (response: IncomingMessage) => {
      if (response.statusCode !== 200) {
        reject(new Error(`${path} answered ${response.statusCode}`));
        response.resume();
        return;
      }
      let buffer = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf("\n\n");
        while (end !== -1) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: (.*)$/m.exec(frame)?.[1];
          const data = frame
            .split("\n")
            .filter((line) => line.startsWith("data: "))
            .map((line) => line.slice("data: ".length))
            .join("\n");
          if (name) events.push({ event: name, data: data ? JSON.parse(data) : undefined });
          end = buffer.indexOf("\n\n");
        }
      });
      resolve({
        events,
        async until(condition, what, limitMs = 15_000) {
          await waitUntil(() => condition(events), what, limitMs);
          return events;
        },
        close: () => outgoing?.destroy(),
      });
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}
