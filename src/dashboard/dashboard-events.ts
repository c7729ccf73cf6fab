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
  | "chat";

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

  constructor(options: DashboardEventsOptions) {
    this.#options = options;
  }

  /** Whether any browser listens (emitters may skip building a payload otherwise). */
  get listening(): boolean {
    return this.#clients.size > 0;
  }

  /** Sends `event` with `data` (JSON) to every stream. */
  publish(event: DashboardEventName, data: unknown = {}): void {
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
  }

  /** Closes the streams of the session with `hash`. */
  closeSession(hash: string): void {
    for (const client of this.#clients) if (client.session.hash === hash) this.#end(client);
  }

  closeAll(): void {
    for (const client of this.#clients) this.#end(client);
  }

  async #pingAll(): Promise<void> {
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
