import {
  type CommandIo,
  describeSender,
  openPairings,
  type PairingCommandOptions,
  processIo,
} from "./pairing-shared.js";

/** `skein pairing list`: pending codes (channel, sender, age) and approved senders. */
export async function run(options: PairingCommandOptions, io: CommandIo = processIo): Promise<number> {
  try {
    const listing = await (await openPairings(options, io)).list();
    if (options.json) {
      io.stdout(`${JSON.stringify(listing, null, 2)}\n`);
      return 0;
    }
    const now = (io.now ?? Date.now)();
    const channels = Object.entries(listing);
    const pending = channels.flatMap(([channel, pairings]) => pairings.pending.map((entry) => ({ channel, ...entry })));
    const approved = channels.flatMap(([channel, pairings]) =>
      pairings.approved.map((entry) => ({ channel, ...entry })),
    );

    io.stdout(pending.length ? "Pending pairing codes:\n" : "No pending pairing codes.\n");
    for (const entry of pending) {
      io.stdout(
        `  ${entry.channel}  ${entry.code}  ${describeSender(entry)}  ${formatAge(now - entry.createdAt)} ago\n`,
      );
    }
    if (pending.length) io.stdout(`Approve one with: skein pairing approve <channel> <code>\n`);
    io.stdout(approved.length ? "Approved senders:\n" : "No approved senders.\n");
    for (const entry of approved) {
      io.stdout(`  ${entry.channel}  ${describeSender(entry)}  approved ${new Date(entry.approvedAt).toISOString()}\n`);
    }
    return 0;
  } catch (error) {
    io.stderr(`skein: ${(error as Error).message}\n`);
    return 1;
  }
}

function formatAge(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return "less than a minute";
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
