// STUB (owned by the Telegram/shared-channel work, issue 4): naive split; the real one
// prefers paragraph, line, then word boundaries and balances code fences.

export interface ChunkOptions {
  /** Maximum size of one chunk, as measured by `measure`. */
  limit: number;
  /** Size of a chunk as the platform counts it (default: its length in UTF-16 units). */
  measure?: (chunk: string) => number;
}

/**
 * Splits Markdown into chunks no larger than `limit`, preferring paragraph, then line,
 * then word boundaries. A fenced code block cut in two is closed at the end of one chunk
 * and reopened, with its language, at the start of the next. Empty text gives no chunks.
 */
export function chunkText(text: string, options: ChunkOptions): string[] {
  const chunks: string[] = [];
  for (let start = 0; start < text.length; start += options.limit) chunks.push(text.slice(start, start + options.limit));
  return chunks.filter((chunk) => chunk.trim() !== "");
}
