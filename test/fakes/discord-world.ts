/** The fake Discord's world: its users, guild, channels and roles, and the snowflake ids of its messages. */

const now = () => new Date().toISOString();

export const BOT = {
  id: "100000000000000001",
  username: "skeinbot",
  discriminator: "0",
  global_name: null,
  avatar: null,
  bot: true,
};
export const ALICE = {
  id: "100000000000000002",
  username: "alice",
  discriminator: "0",
  global_name: "Alice",
  avatar: null,
};
export const BOB = { id: "100000000000000003", username: "bob", discriminator: "0", global_name: "Bob", avatar: null };
export const OTHER_BOT = {
  id: "100000000000000004",
  username: "otherbot",
  discriminator: "0",
  global_name: null,
  avatar: null,
  bot: true,
};
export const GUILD_ID = "200000000000000001";
export const GENERAL_CHANNEL_ID = "300000000000000001";
export const THREAD_ID = "300000000000000002";
export const DM_CHANNEL_ID = "400000000000000001";
/** Bob's DM channel with the bot: it exists once the bot opens it (`POST /users/@me/channels`). */
export const BOB_DM_CHANNEL_ID = "400000000000000002";
export const ROLE_ID = "500000000000000001";

export type FakeUser = typeof ALICE | typeof OTHER_BOT;

/** Discord's epoch (2015-01-01T00:00:00Z): snowflakes count milliseconds from it in their upper 42 bits. */
const DISCORD_EPOCH = 1_420_070_400_000n;

/** A snowflake for a message created at `epochMs` (the low 22 bits keep ids created in one millisecond apart). */
export function snowflakeAt(epochMs: number, sequence = 0): string {
  return String(((BigInt(Math.floor(epochMs)) - DISCORD_EPOCH) << 22n) | BigInt(sequence & 0x3fffff));
}

/** Orders two snowflakes by creation time. */
export function compareSnowflakes(a: string, b: string): number {
  const difference = BigInt(a) - BigInt(b);
  return difference > 0n ? 1 : difference < 0n ? -1 : 0;
}

/**
 * The test guild as GUILD_CREATE carries it: two roles, the general channel and a thread, each with its
 * newest message id (`lastMessageId`, null for none).
 */
export function testGuild(lastMessageId: (channelId: string) => string | null) {
  return {
    id: GUILD_ID,
    name: "Test Guild",
    icon: null,
    owner_id: ALICE.id,
    unavailable: false,
    member_count: 3,
    large: false,
    joined_at: now(),
    roles: [
      {
        id: GUILD_ID,
        name: "@everyone",
        permissions: "0",
        position: 0,
        color: 0,
        hoist: false,
        managed: false,
        mentionable: false,
      },
      {
        id: ROLE_ID,
        name: "devs",
        permissions: "0",
        position: 1,
        color: 0,
        hoist: false,
        managed: false,
        mentionable: true,
      },
    ],
    emojis: [],
    stickers: [],
    features: [],
    members: [],
    presences: [],
    voice_states: [],
    stage_instances: [],
    guild_scheduled_events: [],
    channels: [
      {
        id: GENERAL_CHANNEL_ID,
        type: 0,
        name: "general",
        position: 0,
        guild_id: GUILD_ID,
        permission_overwrites: [],
        last_message_id: lastMessageId(GENERAL_CHANNEL_ID),
      },
    ],
    threads: [
      {
        id: THREAD_ID,
        type: 11,
        name: "a thread",
        parent_id: GENERAL_CHANNEL_ID,
        guild_id: GUILD_ID,
        owner_id: ALICE.id,
        last_message_id: lastMessageId(THREAD_ID),
        thread_metadata: { archived: false, auto_archive_duration: 1440, archive_timestamp: now(), locked: false },
      },
    ],
  };
}
