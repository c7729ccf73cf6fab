import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { daemonSecrets, startThreePlatforms } from "../support/three-platforms.js";

/** The model streams its answer in pieces this long, each a while after the last, so that every piece is shown. */
const PIECE = 24;

/** Whether `secret` in `text` is cut in two by the pieces the text is streamed in. */
function splitAcrossPieces(text: string, secret: string): boolean {
  const start = text.indexOf(secret);
  return Math.floor(start / PIECE) !== Math.floor((start + secret.length - 1) / PIECE);
}

describe("skein start, the built CLI, streaming an answer that quotes its own secrets", () => {
  let daemon: Awaited<ReturnType<typeof startThreePlatforms>>;
  const { openaiKey, telegramToken } = daemonSecrets;
  const answer = `I read .env for you. OPENAI_API_KEY=${openaiKey} and TELEGRAM_BOT_TOKEN=${telegramToken} are set.`;

  beforeAll(async () => {
    daemon = await startThreePlatforms();
    daemon.model.respondWith(() => ({ content: answer, pieces: { size: PIECE, delayMs: 1_400 } }));
    await daemon.askEverywhere("what is in .env?");
  }, 90_000);
  afterAll(() => daemon?.close());

  it("streams the answer in pieces that cut both secrets in two", () => {
    expect(splitAcrossPieces(answer, openaiKey)).toBe(true);
    expect(splitAcrossPieces(answer, telegramToken)).toBe(true);
  });

  it.each(["telegram", "slack", "discord"] as const)(
    "never shows a secret, nor the first part of one, in any message or edit on %s",
    (platform) => {
      const outgoing = daemon.outgoing()[platform];
      // The preview grew while the secrets were being written.
      expect(outgoing.filter((sent) => /editMessageText|chat\.update|PATCH/.test(sent.request)).length).toBeGreaterThan(
        2,
      );
      for (const { text } of outgoing) {
        for (const secret of Object.values(daemonSecrets)) expect(text).not.toContain(secret);
        expect(text).not.toContain(openaiKey.slice(0, 12));
        expect(text).not.toContain(telegramToken.slice(0, 14));
      }
      expect(outgoing.at(-1)!.text.split("[redacted]")).toHaveLength(3);
    },
  );

  it("never logs a secret", () => {
    for (const secret of Object.values(daemonSecrets)) expect(daemon.skein.stderr()).not.toContain(secret);
  });
});
