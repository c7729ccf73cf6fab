import { SnowflakeUtil } from "discord.js";

/** Orders two Discord snowflakes (ids grow with their creation time): negative, zero or positive. */
export function compareSnowflakes(a: string, b: string): number {
  const difference = BigInt(a) - BigInt(b);
  return difference > 0n ? 1 : difference < 0n ? -1 : 0;
}

/** The smallest snowflake of a message created at `epochMs`: `after=` it fetches what is newer. */
export function snowflakeAt(epochMs: number): string {
  return String(SnowflakeUtil.generate({ timestamp: epochMs, increment: 0n, workerId: 0n, processId: 0n }));
}
