import type { IncomingMessage, ServerResponse } from "node:http";
import { securityHeaders } from "./dashboard-http.js";
import type { DashboardSession } from "./dashboard-sessions.js";

/** The events of `GET /api/events`; the UI refetches the matching endpoint (`log` and `chat` carry their data). */
export type DashboardEventName =
  | "overview"
  | "conversation"
  | "approvals"
  | "pairing"
  | "schedules"
  | "usage"
  | "log"
  | "chat"
  | "browsers";

/** The events a cluster's every process shows (the shared stores changed); the rest are of one process. */
const sharedEvents: ReadonlySet<DashboardEventName> = new Set<DashboardEventName>([
  "conversation",
  "approvals",
  "pairing",
  "schedules",
  "usage",
]);

/** Whether every process of a cluster shows `event` (see {@link DashboardEventRelay}). */
export function isSharedEvent(event: string): event is DashboardEventName {
  return sharedEvents.has(event as DashboardEventName);
}

/**
 * Carries the shared events to the other processes of a cluster, whose browsers then see
 * what happened in this one (a turn answered, a pairing code handed out). It sends only
 * while a browser of another process listens, so a cluster nobody looks at pays nothing.
 */
export interface DashboardEventRelay {
  /** Whether a browser of another process listens (as that process announced lately). */
  readonly listening: boolean;
  publish(event: DashboardEventName, data: unknown): void;
  /** Tells the other processes that a browser listens here (at its attach, then at each ping). */
  announce(): void;
}

interface Client {
  response: ServerResponse;
  session: DashboardSession;
  expiry: NodeJS.Timeout;
}

/** The longest delay a Node.js timer takes. */
const maxTimerMs = 2_147_483_647;

export interface DashboardEventsOptions {
  /** Whether a session is still open (checked at each ping: ended elsewhere, it closes its streams). */
  isOpen: (session: DashboardSession) => Promise<boolean>;
  /** Default 25 s. */
  pingMs?: number;
  now?: () => number;
}

/**
 * The Server-Sent Events streams of logged-in browsers. Publishing costs nothing while no
 * browser listens; the ping timer runs (unref'd) only while one does.
 */
export class DashboardEvents {
  readonly #clients = new Set<Client>();
  readonly #options: DashboardEventsOptions;
  #ping: NodeJS.Timeout | undefined;
  #relay: DashboardEventRelay | undefined;

  constructor(options: DashboardEventsOptions) {
    this.#options = options;
  }

  /** Whether any browser listens, here or (in a cluster) in another process: emitters may skip building a payload otherwise. */
  get listening(): boolean {
    return this.#clients.size > 0 || this.#relay?.listening === true;
  }

  /** Cluster mode: the shared events go to the other processes too (their own arrive through {@link deliver}). */
  relayTo(relay: DashboardEventRelay): void {
    this.#relay = relay;
    if (this.#clients.size > 0) relay.announce();
  }

  /** Sends `event` with `data` (JSON) to every stream, and a shared event to the other processes' browsers. */
  publish(event: DashboardEventName, data: unknown = {}): void {
    this.deliver(event, data);
    if (this.#relay?.listening && sharedEvents.has(event)) this.#relay.publish(event, data);
  }

  /** Sends `event` to this process's streams only (an event another process relayed). */
  deliver(event: DashboardEventName, data: unknown = {}): void {
    if (this.#clients.size === 0) return;
    const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const client of this.#clients) client.response.write(frame);
  }

  /** Turns `response` into an event stream of `session`, closed on logout, revocation, expiry or disconnect. */
  attach(request: IncomingMessage, response: ServerResponse, session: DashboardSession): void {
    response.writeHead(200, {
      ...securityHeaders,
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });
    response.write(": connected\n\n");
    const now = this.#options.now ?? Date.now;
    const expiry = setTimeout(() => this.#end(client), Math.min(maxTimerMs, Math.max(0, session.expiresAt - now())));
    expiry.unref();
    const client: Client = { response, session, expiry };
    this.#clients.add(client);
    request.socket.setKeepAlive(true);
    response.on("close", () => this.#forget(client));
    this.#ping ??= setInterval(() => void this.#pingAll(), this.#options.pingMs ?? 25_000).unref();
    if (this.#clients.size === 1) this.#relay?.announce();
  }

  /** Closes the streams of the session with `hash`. */
  closeSession(hash: string): void {
    for (const client of this.#clients) if (client.session.hash === hash) this.#end(client);
  }

  closeAll(): void {
    for (const client of this.#clients) this.#end(client);
  }

  async #pingAll(): Promise<void> {
    this.#relay?.announce();
    for (const client of this.#clients) {
      const open = await this.#options.isOpen(client.session).catch(() => true);
      if (open) client.response.write(": ping\n\n");
      else this.#end(client);
    }
  }

  #end(client: Client): void {
    this.#forget(client);
    client.response.end();
  }

  #forget(client: Client): void {
    clearTimeout(client.expiry);
    this.#clients.delete(client);
    if (this.#clients.size === 0 && this.#ping) {
      clearInterval(this.#ping);
      this.#ping = undefined;
    }
  }
}
