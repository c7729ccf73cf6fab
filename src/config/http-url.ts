import * as z from "zod";

/** Hosts a scheme-less URL most likely means over plain http: this machine and private networks. */
const localHost = /^(localhost|127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|\[::1\]|[^.:/]+(:|\/|$))/i;

/**
 * Why `value` is not an http(s) URL, with the URL it most likely means (`localhost:11434` ->
 * `http://localhost:11434/v1` where `path` is `/v1`), or undefined when it is one.
 */
export function httpUrlProblem(value: string, path = ""): string | undefined {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url && (url.protocol === "http:" || url.protocol === "https:") && url.hostname) return undefined;
  if (/^https?:\/\//i.test(value)) return `${JSON.stringify(value)} is not a URL: it names no host`;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return `${JSON.stringify(value)} must start with http:// or https://`;
  const bare = value.replace(/^\/+/, "");
  const scheme = localHost.test(bare) ? "http" : "https";
  const suggested = `${scheme}://${bare}${path && !bare.includes("/") ? path : ""}`;
  return `${JSON.stringify(value)} is not a URL: it needs http:// or https://, e.g. "${suggested}"`;
}

/** A config value that must be an http(s) URL; see {@link httpUrlProblem} (`path`: what a bare host is suggested with). */
export function httpUrl(path = "") {
  return z.string().superRefine((value, context) => {
    const problem = httpUrlProblem(value, path);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });
}
