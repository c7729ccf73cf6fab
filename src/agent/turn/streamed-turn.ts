import type { InboundMessage } from "../../bus/messages.js";
import type { ReplyStream } from "../../channel-kit/reply-stream.js";
import { replyTargetOf } from "./chat-replies.js";
import type { ToolLoopTurn } from "./tool-loop.js";
import type { TurnRunnerOptions } from "./turn-contract.js";

/**
 * Feeds a turn's progress to a {@link ReplyStream}: the model's text as it is written
 * (the text of successive model calls separated by a blank line) and, while tools run,
 * a status line naming them, which the next text replaces.
 */
export class StreamedTurn {
  readonly stream: ReplyStream;
  #text = "";
  #afterTools = false;
  #fed = false;

  constructor(stream: ReplyStream) {
    this.stream = stream;
  }

  /** Whether anything was given to the stream (so a preview may be showing). */
  get fed(): boolean {
    return this.#fed;
  }

  /** The tool loop's hooks that feed this stream. */
  hooks(): Pick<ToolLoopTurn, "onTextDelta" | "onToolsRunning"> {
    return {
      onTextDelta: (delta) => {
        if (this.#afterTools && this.#text.trim()) this.#text += "\n\n";
        this.#afterTools = false;
        this.#text += delta;
        this.#fed = true;
        this.stream.update(this.#text);
      },
      onToolsRunning: (names, calls) => {
        this.#afterTools = true;
        this.#fed = true;
        this.stream.update(this.#text, `running ${names.join(", ")}`);
        this.stream.toolCalls?.(
          calls.map((call) => ({ name: call.function.name, arguments: call.function.arguments })),
        );
      },
    };
  }
}

/**
 * A stream for the answer to `message`, when its channel can stream; in preview `previewId` when given
 * (and only then, when resuming). A channel that fails to open one is logged and the turn answers unstreamed.
 */
export function openStreamedTurn(
  options: Pick<TurnRunnerOptions, "openStream" | "log">,
  message: InboundMessage,
  previewId?: string,
): StreamedTurn | undefined {
  try {
    const stream = options.openStream?.(replyTargetOf(message), previewId ? { previewId } : undefined);
    return stream && new StreamedTurn(stream);
  } catch (error) {
    options.log.debug({ err: error, channel: message.channel }, "could not open a streamed reply");
    return undefined;
  }
}
