import {
  type CommandIo,
  channelArguments,
  describeSender,
  openPairings,
  type PairingCommandOptions,
  processIo,
} from "./pairing-shared.js";

/** `skein pairing approve <channel> <code>`: lets the sender who received the code talk to the bot. */
export async function run(options: PairingCommandOptions, io: CommandIo = processIo): Promise<number> {
  const parsed = channelArguments(options, io, "skein pairing approve <channel> <code>");
  if (typeof parsed === "number") return parsed;
  const { channel, value: code } = parsed;
  try {
    const result = await (await openPairings(options, io)).approve(channel, code);
    if (result.type === "unknown-code") {
      io.stderr(
        `skein: no pending pairing code "${code}" on channel "${channel}" (codes expire after 1 hour; see \`skein pairing list\`)\n`,
      );
      return 1;
    }
    io.stdout(
      result.type === "already-approved"
        ? `Code ${code} was already approved: ${describeSender(result.sender)} can talk to the bot on ${channel}.\n`
        : `Approved ${describeSender(result.sender)} on ${channel}: they can talk to the bot now.\n`,
    );
    return 0;
  } catch (error) {
    io.stderr(`skein: ${(error as Error).message}\n`);
    return 1;
  }
}
