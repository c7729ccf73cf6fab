import {
  type CommandIo,
  channelArguments,
  describeSender,
  openPairings,
  type PairingCommandOptions,
  processIo,
} from "./pairing-shared.js";

/** `skein pairing revoke <channel> <sender>`: an approved sender (id or @username) may no longer talk to the bot. */
export async function run(options: PairingCommandOptions, io: CommandIo = processIo): Promise<number> {
  const parsed = channelArguments(options, io, "skein pairing revoke <channel> <sender id>");
  if (typeof parsed === "number") return parsed;
  const { channel, value: sender } = parsed;
  try {
    const result = await (await openPairings(options, io)).revoke(channel, sender);
    if (result.type === "not-approved") {
      io.stderr(
        `skein: ${sender} is not an approved sender on ${channel} (see \`skein pairing list\`; senders in channels.${channel}.allow_from are removed there)\n`,
      );
      return 1;
    }
    io.stdout(
      `Revoked ${describeSender(result.sender)} on ${channel}: they get a pairing code when they write again.\n`,
    );
    return 0;
  } catch (error) {
    io.stderr(`skein: ${(error as Error).message}\n`);
    return 1;
  }
}
