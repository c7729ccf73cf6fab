#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { channelArguments, describeSender, openPairings, processIo } from "./chunk-6MTWHA4Y.js";
import "./chunk-PYA2XW7F.js";
import "./chunk-5XM3NNSM.js";
import "./chunk-KRMCE3D2.js";
import "./chunk-YOR6E77O.js";
import "./chunk-FIAR7CSA.js";
import "./chunk-SLFH2BJK.js";
import "./chunk-GMD2LKHM.js";
import "./chunk-E3XL2VA2.js";
import "./chunk-MSZBOYJI.js";
import "./chunk-PSIFTLKK.js";
import "./chunk-BPOSQNOK.js";
import "./chunk-QK2XCNBO.js";
import "./chunk-VWMAGS7D.js";
import "./chunk-2FTZYMYD.js";
import "./chunk-GZ7VATWC.js";
async function run(options, io = processIo) {
  const parsed = channelArguments(options, io, "skein pairing approve <channel> <code>");
  if (typeof parsed == "number") return parsed;
  const { channel, value: code } = parsed;
  try {
    const result = await (await openPairings(options, io)).approve(channel, code);
    return result.type === "unknown-code"
      ? (io.stderr(`skein: no pending pairing code "${code}" on channel "${channel}" (codes expire after 1 hour; see \`skein pairing list\`)
`),
        1)
      : (io.stdout(
          result.type === "already-approved"
            ? `Code ${code} was already approved: ${describeSender(result.sender)} can talk to the bot on ${channel}.
`
            : `Approved ${describeSender(result.sender)} on ${channel}: they can talk to the bot now.
`,
        ),
        0);
  } catch (error) {
    return (
      io.stderr(`skein: ${error.message}
`),
      1
    );
  }
}
export { run };
//# sourceMappingURL=pairing-approve-3VDAWAX5.js.map
