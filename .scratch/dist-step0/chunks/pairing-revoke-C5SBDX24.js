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
  const parsed = channelArguments(options, io, "skein pairing revoke <channel> <sender id>");
  if (typeof parsed == "number") return parsed;
  const { channel, value: sender } = parsed;
  try {
    const result = await (await openPairings(options, io)).revoke(channel, sender);
    return result.type === "not-approved"
      ? (io.stderr(`skein: ${sender} is not an approved sender on ${channel} (see \`skein pairing list\`; senders in channels.${channel}.allow_from are removed there)
`),
        1)
      : (io.stdout(`Revoked ${describeSender(result.sender)} on ${channel}: they get a pairing code when they write again.
`),
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
//# sourceMappingURL=pairing-revoke-C5SBDX24.js.map
