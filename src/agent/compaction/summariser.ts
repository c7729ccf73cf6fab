import type { ChatMessage, LlmProvider } from "../../providers/provider.js";
import { SUMMARY_INSTRUCTIONS, summaryRequest, transcriptOf } from "./summary-prompt.js";

/** What one summary needs. */
export interface SummaryJob {
  provider: LlmProvider;
  model: string;
  /** The summary the older part already has (the next compaction summarises it with the newer turns). */
  previous?: string;
  /** The messages to summarise, oldest first. */
  messages: readonly ChatMessage[];
  focus?: string;
  /** How long a transcript one request may carry, in characters (longer ones go in several requests). */
  maxTranscriptChars: number;
  /** The longest summary kept, in characters (a longer answer keeps its beginning and its end). */
  maxSummaryChars: number;
  /**
   * Requests one summary may make at most: a longer transcript (a history stored before compaction
   * existed, or one whose summaries kept failing) is summarised from its newest parts, the older ones
   * skipped, so that one compaction fits in its time limit instead of failing at every turn.
   */
  maxParts?: number;
  /** Told how many of the oldest parts were skipped, when any were. */
  onSkipped?: (parts: number) => void;
  signal: AbortSignal;
}

/** A summary call that gave nothing usable. */
export class SummaryError extends Error {
  override readonly name = "SummaryError";
  readonly kind = "empty-summary";
}

/**
 * The summary of `previous` plus `messages`. A transcript too long for one request is
 * summarised in parts, oldest first, each part's summary the previous one of the next.
 */
export async function summarise(job: SummaryJob): Promise<string> {
  let summary = job.previous;
  const parts = chunks(transcriptOf(job.messages), job.maxTranscriptChars);
  const skipped = job.maxParts === undefined ? 0 : Math.max(0, parts.length - job.maxParts);
  if (skipped > 0) job.onSkipped?.(skipped);
  for (const chunk of parts.slice(skipped)) {
    const response = await job.provider.chat(
      {
        model: job.model,
        messages: [
          { role: "system", content: SUMMARY_INSTRUCTIONS },
          {
            role: "user",
            content: summaryRequest({
              ...(summary && { previous: summary }),
              transcript: chunk,
              ...(job.focus && { focus: job.focus }),
            }),
          },
        ],
        maxTokens: Math.ceil(job.maxSummaryChars / 3),
      },
      job.signal,
    );
    const text = response.content?.trim();
    if (!text) throw new SummaryError("the summary call answered with no text");
    summary = capped(text, job.maxSummaryChars);
  }
  if (!summary) throw new SummaryError("there was nothing to summarise");
  return summary;
}

/** The transcript's blocks joined into parts of at most `maxChars` (a longer block is a part of its own, cut). */
function chunks(blocks: readonly string[], maxChars: number): string[] {
  const parts: string[] = [];
  let current = "";
  for (const block of blocks) {
    const piece = block.length > maxChars ? `${block.slice(0, maxChars)} [...]` : block;
    if (current && current.length + piece.length + 2 > maxChars) {
      parts.push(current);
      current = "";
    }
    current = current ? `${current}\n\n${piece}` : piece;
  }
  if (current) parts.push(current);
  return parts;
}

/** A summary longer than `maxChars` keeps its beginning and its end (the oldest facts and the newest state). */
function capped(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const half = Math.floor(maxChars / 2);
  return `${text.slice(0, half)}\n[...]\n${text.slice(-half)}`;
}
