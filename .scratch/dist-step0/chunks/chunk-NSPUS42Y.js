#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
var wrapperPattern = /^\[(?:\w{3} )?(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}) UTC[^\]\n]*\] ?/;
function sessionTranscript(messages, redact) {
  const transcript = [];
  for (const message of messages)
    if (message.role !== "system")
      if (message.role === "user") {
        const content =
            typeof message.content == "string"
              ? message.content
              : message.content
                  .flatMap((part) => (part.type === "text" ? [part.text] : []))
                  .join(`
`),
          wrapper = wrapperPattern.exec(content);
        transcript.push({
          role: "user",
          text: redact(wrapper ? content.slice(wrapper[0].length) : content),
          ...(wrapper && { time: `${wrapper[1]}T${wrapper[2]}:00.000Z` }),
          ...(message.name && { sender: message.name }),
        });
      } else if (message.role === "assistant")
        transcript.push({
          role: "assistant",
          text: redact(message.content ?? ""),
          ...(message.tool_calls?.length && {
            tool_calls: message.tool_calls.map((call) => ({
              id: call.id,
              name: call.function.name,
              arguments: redact(call.function.arguments),
            })),
          }),
        });
      else {
        const long = message.content.length > 4e3;
        transcript.push({
          role: "tool",
          text: redact(long ? message.content.slice(0, 4e3) : message.content),
          tool_call_id: message.tool_call_id,
          ...(long && { truncated: !0 }),
        });
      }
  return transcript;
}
export { sessionTranscript };
//# sourceMappingURL=chunk-NSPUS42Y.js.map
