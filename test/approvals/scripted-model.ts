import { type FakeOpenAI, type FakeRequest, spokenText } from "../fakes/fake-openai.js";

/**
 * Makes the fake model call tools on request: a user message `shell: <command>` calls
 * exec_shell, `read: <path>` calls read_file; after a tool result the model answers
 * `tool said: <the tool message>`; anything else is echoed.
 */
export function scriptToolCalls(model: FakeOpenAI): void {
  let calls = 0;
  model.respondWith((request: FakeRequest) => {
    const last = request.body.messages.at(-1);
    if (last?.role === "tool") return { content: `tool said: ${last.content ?? ""}` };
    const text = spokenText(last?.content);
    const shell = /^shell: (.+)$/s.exec(text);
    if (shell) return { toolCalls: [{ id: `call_${++calls}`, name: "exec_shell", arguments: { command: shell[1]! } }] };
    const read = /^read: (.+)$/.exec(text);
    if (read) return { toolCalls: [{ id: `call_${++calls}`, name: "read_file", arguments: { path: read[1]! } }] };
    return { content: `echo: ${text}` };
  });
}

/** The tool message the model was given last (what the tool returned, or its error). */
export function lastToolResult(model: FakeOpenAI): string | undefined {
  for (const request of [...model.requests].reverse()) {
    const tool = request.body.messages.at(-1);
    if (tool?.role === "tool") return String(tool.content);
  }
  return undefined;
}
