import type { SendOptions } from "./channel.js";

/**
 * Sends a reply's chunks in order, starting at `options.fromChunk` (the chunks an earlier
 * run delivered are skipped), and awaits `options.onChunkDelivered(i, count)` after the platform
 * accepted chunk `i` and before chunk `i + 1` goes out, so that a crash between two chunks
 * resumes at the right one. `sendChunk` returns the platform's id of the message it made.
 * Returns those ids, in order, for the chunks sent by this call.
 */
export async function deliverChunks<Chunk>(
  chunks: readonly Chunk[],
  options: SendOptions | undefined,
  sendChunk: (chunk: Chunk, index: number) => Promise<string | undefined>,
): Promise<string[]> {
  const messageIds: string[] = [];
  for (let index = options?.fromChunk ?? 0; index < chunks.length; index++) {
    options?.signal?.throwIfAborted();
    const messageId = await sendChunk(chunks[index] as Chunk, index);
    if (messageId !== undefined) messageIds.push(messageId);
    await options?.onChunkDelivered?.(index, chunks.length);
  }
  return messageIds;
}
