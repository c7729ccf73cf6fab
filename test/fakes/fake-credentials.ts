import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * One local server answering the platforms' "who am I" calls, for checking credentials:
 * Telegram `/bot<token>/getMe` (GET or POST), Slack `POST /api/auth.test` and
 * `/api/apps.connections.open` (Bearer token), Discord `GET /v10/users/@me` (`Bot <token>`).
 * Only the tokens given to {@link FakeCredentials.start} are accepted; every call is recorded.
 */
export interface ValidTokens {
  telegram: string;
  slackBot: string;
  slackApp: string;
  discord: string;
}

export class FakeCredentials {
  /** `METHOD path` of every request, in order. */
  readonly calls: string[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  /** Telegram `api_root`. */
  get telegramApiRoot(): string {
    return this.url;
  }

  /** Slack `api_url` (with the trailing slash the Web API client expects). */
  get slackApiUrl(): string {
    return `${this.url}/api/`;
  }

  /** Discord `api_url` (without /v10). */
  get discordApiUrl(): string {
    return this.url;
  }

  static async start(tokens: ValidTokens): Promise<FakeCredentials> {
    let fake!: FakeCredentials;
    const server = createServer((request, response) => fake.handle(tokens, request, response));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    fake = new FakeCredentials(server, `http://127.0.0.1:${port}`);
    return fake;
  }

  private handle(tokens: ValidTokens, request: IncomingMessage, response: ServerResponse): void {
    const path = request.url ?? "/";
    this.calls.push(`${request.method} ${path}`);
    const authorization = request.headers.authorization ?? "";
    const telegram = /^\/bot([^/]+)\/getMe$/.exec(path);
    // The Bot API takes GET and POST alike (grammY posts).
    if (telegram) {
      if (telegram[1] === tokens.telegram) {
        send(response, 200, {
          ok: true,
          result: { id: 4242, is_bot: true, first_name: "Skein", username: "skein_test_bot" },
        });
        return;
      }
      send(response, 401, { ok: false, error_code: 401, description: "Unauthorized" });
      return;
    }
    if (request.method === "POST" && path === "/api/auth.test") {
      if (authorization === `Bearer ${tokens.slackBot}`) {
        send(response, 200, {
          ok: true,
          team: "Skein Team",
          user: "skein",
          team_id: "T1",
          user_id: "U1",
          bot_id: "B1",
        });
        return;
      }
      send(response, 200, { ok: false, error: "invalid_auth" });
      return;
    }
    if (request.method === "POST" && path === "/api/apps.connections.open") {
      if (authorization === `Bearer ${tokens.slackApp}`) {
        send(response, 200, { ok: true, url: "wss://example.invalid/link" });
        return;
      }
      send(response, 200, { ok: false, error: "invalid_auth" });
      return;
    }
    if (request.method === "GET" && path === "/v10/users/@me") {
      if (authorization === `Bot ${tokens.discord}`) {
        send(response, 200, { id: "777", username: "skein", bot: true });
        return;
      }
      send(response, 401, { message: "401: Unauthorized", code: 0 });
      return;
    }
    send(response, 404, { error: `no route ${request.method} ${path}` });
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}
