import { request as httpRequest } from "node:http";
import { execa } from "execa";
import { cliPath } from "./cli-path.js";

/** One HTTP answer, its body as text. */
export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP request to 127.0.0.1:`port` with exactly these headers (Host included, which fetch does not let one set). */
export function send(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: "127.0.0.1", port, path, method: options.method ?? "GET", headers: options.headers, agent: false },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(options.body);
  });
}

/** Runs the built `skein dashboard <args>` for the daemon of `home`. */
export function skeinDashboard(home: string, args: string[] = [], env: Record<string, string> = {}) {
  return execa(process.execPath, [cliPath, "dashboard", ...args], {
    cwd: home,
    env: { PATH: process.env.PATH ?? "", HOME: home, SKEIN_HOME: home, ...env },
    extendEnv: false,
    reject: false,
  });
}

/** The login link `skein dashboard` printed on a line of its own. */
export function loginUrlIn(stdout: string): URL {
  const line = stdout.split("\n").find((text) => /^http:\/\/\S+\/login\?token=\S+$/.test(text));
  if (!line) throw new Error(`skein dashboard printed no login link:\n${stdout}`);
  return new URL(line);
}

/** A browser logged in to the dashboard: its cookie and CSRF token. */
export class DashboardClient {
  private constructor(
    readonly port: number,
    readonly cookie: string,
    readonly csrf: string,
  ) {}

  /** Runs `skein dashboard`, follows the link and reads `/api/session`. */
  static async login(home: string): Promise<DashboardClient> {
    const printed = await skeinDashboard(home);
    if (printed.exitCode !== 0) throw new Error(`skein dashboard failed: ${printed.stderr}`);
    const url = loginUrlIn(printed.stdout);
    const answer = await send(Number(url.port), `${url.pathname}${url.search}`, { headers: { host: url.host } });
    const setCookie = [answer.headers["set-cookie"] ?? []].flat()[0];
    if (answer.status !== 303 || !setCookie)
      throw new Error(`the login link answered ${answer.status}: ${answer.body}`);
    const cookie = setCookie.split(";")[0]!;
    const session = await send(Number(url.port), "/api/session", { headers: { cookie } });
    const { csrf } = JSON.parse(session.body) as { csrf: string };
    return new DashboardClient(Number(url.port), cookie, csrf);
  }

  /** The same browser session on another process of a cluster (serving on `port`). */
  at(port: number): DashboardClient {
    return new DashboardClient(port, this.cookie, this.csrf);
  }

  /** `GET path` with the session cookie; the parsed JSON with the status. */
  async get<T = Record<string, unknown>>(path: string): Promise<{ status: number; body: T; text: string }> {
    const answer = await send(this.port, path, { headers: { cookie: this.cookie } });
    return { status: answer.status, body: JSON.parse(answer.body) as T, text: answer.body };
  }

  /** A state-changing request with the cookie, the CSRF token and a same-origin `Origin`. */
  async call<T = Record<string, unknown>>(
    method: "POST" | "PUT" | "DELETE",
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T; text: string }> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const answer = await send(this.port, path, {
      method,
      headers: {
        cookie: this.cookie,
        "x-csrf-token": this.csrf,
        origin: `http://127.0.0.1:${this.port}`,
        ...(payload && { "content-type": "application/json" }),
      },
      ...(payload && { body: payload }),
    });
    return { status: answer.status, body: JSON.parse(answer.body) as T, text: answer.body };
  }
}
