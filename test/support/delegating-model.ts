import { contentText, type FakeReply, type FakeRequest, type Responder, spokenText } from "../fakes/fake-openai.js";

/**
 * A fake model that delegates and plays the sub-agents, for tests of the `delegate` tool:
 * - a user who writes `delegate {"task":…}` gets the model's `delegate` call with those arguments,
 *   then, once its result is in, `Started <id>.` (or, for a waited one, `Waited: <its answer>`), after
 *   `release(name)` when the delegated task carries `holdparent:<name>`;
 * - a child (a request whose first user message is its task as it is, no wrapper) answers
 *   `Child answer: <task>`; a task `tool <json>` first makes the calls the JSON lists (see
 *   test/support/tool-calling-model.ts), and `hold:<name>` in a task waits for `release(name)`;
 * - the parent's result turn (the sub-agent's result as its message) answers
 *   `Parent relays: <the first line of the child's answer>`;
 * - anything else is echoed.
 */
export function delegatingModel() {
  const holds = new Map<string, { promise: Promise<void>; release: () => void }>();
  const hold = (name: string) => {
    let held = holds.get(name);
    if (!held) {
      let release!: () => void;
      const promise = new Promise<void>((resolve) => {
        release = resolve;
      });
      held = { promise, release };
      holds.set(name, held);
    }
    return held;
  };

  const responder: Responder = async (request) => {
    const messages = request.body.messages;
    const last = messages.at(-1);
    const task = childTask(request);
    if (task !== undefined) return childReply(task, request, (name) => hold(name).promise);
    const lastUser = spokenText(messages.findLast((message) => message.role === "user")?.content);
    if (last?.role === "tool") {
      const call = JSON.stringify(messages.findLast((message) => message.role === "assistant")?.tool_calls ?? []);
      const parentHold = /holdparent:(\w+)/.exec(call)?.[1];
      if (parentHold) await hold(parentHold).promise;
      const result = JSON.parse(contentText(last.content)) as Record<string, unknown>;
      if (result.status === "running") return { content: `Started ${String(result.id)}.` };
      if (result.answer !== undefined) return { content: `Waited: ${String(result.answer)}` };
      return { content: `Delegation said: ${contentText(last.content)}` };
    }
    if (lastUser.startsWith("delegate ")) {
      const args = JSON.parse(lastUser.slice("delegate ".length)) as Record<string, unknown>;
      return { toolCalls: [{ id: "call_delegate", name: "delegate", arguments: args }] };
    }
    const result = /Its final answer:\n(.*)/.exec(lastUser);
    if (lastUser.includes("The sub-agent"))
      return { content: `Parent relays: ${result?.[1] ?? lastUser.split("\n")[0]}` };
    return { content: `echo: ${lastUser}` };
  };

  return {
    responder,
    /** Lets the children waiting on `hold:<name>` answer. */
    release(name: string): void {
      hold(name).release();
    },
  };
}

/** The task of a child's request: its first user message as it is (a chat's carries the time wrapper). */
export function childTask(request: FakeRequest): string | undefined {
  const first = request.body.messages[1];
  if (first?.role !== "user") return undefined;
  const text = contentText(first.content);
  return text.startsWith("[") ? undefined : text;
}

async function childReply(
  task: string,
  request: FakeRequest,
  held: (name: string) => Promise<void>,
): Promise<FakeReply> {
  const last = request.body.messages.at(-1);
  const holdName = /hold:(\w+)/.exec(task)?.[1];
  if (holdName && last?.role === "user") await held(holdName);
  const calls = /^tool (\[.*\])/.exec(task)?.[1];
  if (calls && last?.role === "user") {
    const written = JSON.parse(calls) as { name: string; arguments: Record<string, unknown> }[];
    return { toolCalls: written.map((call, index) => ({ id: `child_${index}`, ...call })) };
  }
  if (last?.role === "tool") return { content: `Child answer: tools said ${contentText(last.content).slice(0, 200)}` };
  return { content: `Child answer: ${task}` };
}
