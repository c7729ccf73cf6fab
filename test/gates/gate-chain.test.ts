import { pino } from "pino";
import { describe, expect, it } from "vitest";
import type { InboundMessage } from "../../src/bus/messages.js";
import type { Admission, InboundGate } from "../../src/gates/gate.js";
import { GateChain } from "../../src/gates/gate-chain.js";

const log = pino({ level: "silent" });
const message: InboundMessage = {
  id: "t:1",
  channel: "t",
  chatId: "c",
  senderId: "u",
  text: "@bot hi",
  isDirect: false,
  receivedAt: 0,
};

/** A gate that records the texts it saw and answers with `verdict`. */
function gate(name: string, seen: string[], verdict: (message: InboundMessage) => Admission): InboundGate {
  return {
    name,
    admit(inbound) {
      seen.push(`${name}:${inbound.text}`);
      return verdict(inbound);
    },
  };
}

describe("the gate chain", () => {
  it("runs the gates in order, each seeing the message the previous one admitted", async () => {
    const seen: string[] = [];
    const chain = new GateChain(
      [
        gate("mention", seen, (inbound) => ({
          type: "admit",
          message: { ...inbound, text: inbound.text.replace("@bot ", "") },
        })),
        gate("access", seen, (inbound) => ({ type: "admit", message: inbound })),
      ],
      log,
    );
    expect(await chain.admit(message)).toEqual({ type: "admit", message: { ...message, text: "hi" } });
    expect(seen).toEqual(["mention:@bot hi", "access:hi"]);
  });

  it("stops at the first gate that replies or ignores", async () => {
    const seen: string[] = [];
    const chain = new GateChain(
      [
        gate("access", seen, () => ({ type: "reply", text: "pairing code" })),
        gate("never", seen, () => ({ type: "ignore", reason: "x" })),
      ],
      log,
    );
    expect(await chain.admit(message)).toEqual({ type: "reply", text: "pairing code" });
    expect(seen).toEqual(["access:@bot hi"]);
  });

  it("lets internal messages (background results) skip the gates", async () => {
    const seen: string[] = [];
    const chain = new GateChain([gate("dedup", seen, () => ({ type: "ignore", reason: "duplicate" }))], log);
    const internal = { ...message, internal: true };
    expect(await chain.admit(internal)).toEqual({ type: "admit", message: internal });
    expect(seen).toEqual([]);
  });
});
