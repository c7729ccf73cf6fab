import type { IncomingMessage } from "node:http";

/**
 * Holds a request until `resumed`; false when its client disconnected first (the request
 * then never reached the platform). `held.count` counts the requests waiting.
 */
export async function heldUntilResumed(
  resumed: Promise<void>,
  request: IncomingMessage,
  held: { count: number },
): Promise<boolean> {
  if (request.socket.destroyed) return false;
  held.count++;
  try {
    const gone = new Promise<false>((resolve) => request.socket.once("close", () => resolve(false)));
    return await Promise.race([resumed.then(() => !request.socket.destroyed), gone]);
  } finally {
    held.count--;
  }
}
