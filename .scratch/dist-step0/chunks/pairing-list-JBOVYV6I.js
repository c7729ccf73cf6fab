#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { describeSender, openPairings, processIo } from "./chunk-6MTWHA4Y.js";
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
  try {
    const listing = await (await openPairings(options, io)).list();
    if (options.json)
      return (
        io.stdout(`${JSON.stringify(listing, null, 2)}
`),
        0
      );
    const now = (io.now ?? Date.now)(),
      channels = Object.entries(listing),
      pending = channels.flatMap(([channel, pairings]) => pairings.pending.map((entry) => ({ channel, ...entry }))),
      approved = channels.flatMap(([channel, pairings]) => pairings.approved.map((entry) => ({ channel, ...entry })));
    io.stdout(
      pending.length
        ? `Pending pairing codes:
`
        : `No pending pairing codes.
`,
    );
    for (const entry of pending)
      io.stdout(`  ${entry.channel}  ${entry.code}  ${describeSender(entry)}  ${formatAge(now - entry.createdAt)} ago
`);
    pending.length &&
      io.stdout(`Approve one with: skein pairing approve <channel> <code>
`),
      io.stdout(
        approved.length
          ? `Approved senders:
`
          : `No approved senders.
`,
      );
    for (const entry of approved)
      io.stdout(`  ${entry.channel}  ${describeSender(entry)}  approved ${new Date(entry.approvedAt).toISOString()}
`);
    return 0;
  } catch (error) {
    return (
      io.stderr(`skein: ${error.message}
`),
      1
    );
  }
}
function formatAge(ms) {
  const minutes = Math.floor(Math.max(0, ms) / 6e4);
  return minutes < 1 ? "less than a minute" : minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
export { run };
//# sourceMappingURL=pairing-list-JBOVYV6I.js.map
