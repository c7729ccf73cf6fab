import {
  type CommandIo,
  describeSender,
  openPairingStore,
  type PairingCommandOptions,
  processIo,
} from "./pairing-shared.js";

/** `skein pairing approve <channel> <code>`: lets the sender who received the code talk to the bot. */
export async function run(options: PairingCommandOptions, io: CommandIo = processIo): Promise<number> {
  const [channel, code] = options.args ?? [];
  if (!channel || !code) {
    io.stderr("skein: usage: skein pairing approve <channel> <code>\n");
    return 2;
  }
  try {
    const store = await openPairingStore(options, io);
    const approved = await store.approve(channel, code);
    if (!approved) {
      io.stderr(
        `skein: no pending pairing code "${code}" on channel "${channel}" (codes expire after 1 hour; see \`skein pairing list\`)\n`,
      );
      return 1;
    }
    io.stdout(`Approved ${describeSender(approved)} on ${channel}: they can talk to the bot now.\n`);
    return 0;
  } catch (error) {
    io.stderr(`skein: ${(error as Error).message}\n`);
    return 1;
  }
}
