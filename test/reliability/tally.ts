/** What became of the messages said in a test, counted per chat. */
export interface Tally {
  /** Markers with no reply. */
  lost: number[];
  /** Markers answered more than once (once per extra reply). */
  duplicated: number[];
  /** Chats whose replies came in another order than their messages were said. */
  outOfOrder: Array<number | "discord">;
  /** The longest wait from a message to its first reply (ms). */
  worstWaitMs: number;
}

/**
 * Counts, from the messages said (marker, chat and time) and the replies accepted (chat, markers,
 * time), the lost, duplicated and out-of-order replies, and the worst wait.
 */
export function tally(
  said: Iterable<[index: number, { chat: number | "discord"; at: number }]>,
  replies: Array<{ chat: number | "discord"; markers: number[]; at: number }>,
): Tally {
  const expected = new Map(said);
  const answers = new Map<number, number[]>();
  const orderIn = new Map<number | "discord", number[]>();
  for (const reply of [...replies].sort((a, b) => a.at - b.at))
    for (const index of reply.markers) {
      if (!expected.has(index)) continue;
      answers.set(index, [...(answers.get(index) ?? []), reply.at]);
      orderIn.set(reply.chat, [...(orderIn.get(reply.chat) ?? []), index]);
    }
  const lost: number[] = [];
  const duplicated: number[] = [];
  let worstWaitMs = 0;
  for (const [index, { at }] of expected) {
    const times = answers.get(index);
    if (!times) lost.push(index);
    else {
      for (let extra = 1; extra < times.length; extra++) duplicated.push(index);
      worstWaitMs = Math.max(worstWaitMs, times[0]! - at);
    }
  }
  const outOfOrder = [...orderIn]
    .filter(([, indexes]) => indexes.some((index, position) => position > 0 && index < indexes[position - 1]!))
    .map(([chat]) => chat);
  return { lost, duplicated, outOfOrder, worstWaitMs };
}
