import { readFile } from "node:fs/promises";
import { request } from "node:http";
import { type AdminRoute, adminPaths } from "./admin-endpoint.js";

/** What asking the running daemon gave. */
export type AdminAnswer<T> =
  | { type: "answer"; body: T }
  /** No daemon serves this `$SKEIN_HOME` (no token, or nothing listens on the socket). */
  | { type: "not-running" }
  /** A daemon runs, but this user may not talk to it, or it refused the request. */
  | { type: "failed"; reason: string };

export interface AdminRequestOptions {
  body?: Record<string, unknown>;
  /** Default 10 s. */
  timeoutMs?: number;
}

/** Sends one request to the admin endpoint of the daemon serving `home`; never throws. */
export async function askDaemon<T>(
  home: string,
  route: AdminRoute,
  options: AdminRequestOptions = {},
): Promise<AdminAnswer<T>> {
  const paths = adminPaths(home);
  let token: string;
  try {
    token = (await readFile(paths.token, "utf8")).trim();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { type: "not-running" };
    return {
      type: "failed",
      reason: `cannot read ${paths.token} (${code}): run this as the user the daemon runs as, or as root (e.g. \`sudo -u skein …\`)`,
    };
  }
  const [method, path] = route.split(" ") as [string, string];
  const payload = options.body ? JSON.stringify(options.body) : undefined;
  return new Promise((resolve) => {
    const outgoing = request(
      {
        socketPath: paths.socket,
        method,
        path,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
        },
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => {
          try {
            const body = JSON.parse(text) as T & { error?: string };
            if (response.statusCode === 200) resolve({ type: "answer", body });
            else resolve({ type: "failed", reason: body.error ?? `HTTP ${response.statusCode}` });
          } catch {
            resolve({ type: "failed", reason: `the admin endpoint answered HTTP ${response.statusCode}: ${text}` });
          }
        });
        response.on("error", (error) => resolve({ type: "failed", reason: error.message }));
      },
    );
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      // A token left behind by a daemon that was killed: nothing listens.
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") resolve({ type: "not-running" });
      else if (error.code === "EACCES")
        resolve({
          type: "failed",
          reason: `cannot connect to ${paths.socket} (EACCES): run this as the user the daemon runs as, or as root`,
        });
      else resolve({ type: "failed", reason: `the admin endpoint did not answer: ${error.message}` });
    });
    outgoing.end(payload);
  });
}
