import type { OutboundMessage } from "../bus/messages.js";
import type { Redactor } from "../util/redactor.js";
import type { ApprovalDecisions, ApprovalPrompt } from "./approval.js";
import type { Channel } from "./channel.js";
import type { ReplyStream } from "./reply-stream.js";

/**
 * The channel as the core uses it, with secrets taken out of every text it sends: messages
 * and their file names, each preview of a streamed reply (see {@link redactingStream}), its
 * status lines and final text, approval prompts and their updates. Every other member is the
 * channel's own.
 */
export function redactingChannel(channel: Channel, redactor: Redactor): Channel {
  if (redactor.empty) return channel;
  const redactPrompt = (prompt: ApprovalPrompt): ApprovalPrompt => ({
    ...prompt,
    summary: redactor.redact(prompt.summary),
    text: redactor.redact(prompt.text),
  });
  const overrides: Partial<Channel> = {
    send: (message, options) => channel.send(redactOutbound(message, redactor), options),
    ...(channel.openStream && {
      openStream: (target, resume) => {
        const stream = channel.openStream?.(target, resume);
        return stream && redactingStream(stream, redactor);
      },
    }),
    ...(channel.askApproval && {
      askApproval: (prompt, signal) => channel.askApproval!(redactPrompt(prompt), signal),
    }),
    ...(channel.settleApproval && {
      settleApproval: (prompt, handle, text) =>
        channel.settleApproval!(redactPrompt(prompt), handle, redactor.redact(text)),
    }),
  };
  // A proxy, so that a member added to Channel later is passed on rather than silently dropped.
  return new Proxy(channel, {
    get(target, key) {
      if (Object.hasOwn(overrides, key)) return overrides[key as keyof Channel];
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The core's answers to button presses, which a channel shows, with secrets out of their text. */
export function redactingDecisions(decisions: ApprovalDecisions, redactor: Redactor): ApprovalDecisions {
  if (redactor.empty) return decisions;
  return {
    press: async (press) => {
      const answer = await decisions.press(press);
      return { ...answer, text: redactor.redact(answer.text) };
    },
  };
}

/** An outbound message with secrets out of its text and its files' names. */
export function redactOutbound(message: OutboundMessage, redactor: Redactor): OutboundMessage {
  return {
    ...message,
    text: redactor.redact(message.text),
    ...(message.attachments && {
      attachments: message.attachments.map((file) => ({ ...file, name: redactor.redact(file.name) })),
    }),
  };
}

/**
 * A streamed reply that never shows a secret: each preview is the text so far redacted, less
 * a tail that may be the start of a secret still being written; status lines, tool calls, the
 * final text and a failure note are redacted whole.
 */
export function redactingStream(stream: ReplyStream, redactor: Redactor): ReplyStream {
  return {
    update: (textSoFar, status) =>
      stream.update(redactor.redactGrowing(textSoFar), status === undefined ? undefined : redactor.redact(status)),
    finish: (finalText, delivery) => stream.finish(redactor.redact(finalText), delivery),
    fail: (note) => stream.fail(redactor.redact(note)),
    shown: stream.shown,
    get previewId() {
      return stream.previewId;
    },
    ...(stream.toolCalls && {
      toolCalls: (calls) =>
        stream.toolCalls!(
          calls.map((call) => ({ name: redactor.redact(call.name), arguments: redactor.redact(call.arguments) })),
        ),
    }),
  };
}
