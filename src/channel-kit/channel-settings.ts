import * as z from "zod";

/**
 * Building blocks of a plugin's `channels.<name>` schema that every platform shares:
 * who may talk to the bot and how it behaves in groups. The access gate reads both.
 */

/** Whether the bot answers in groups: only when mentioned, to every message, or never. */
export const groupPolicy = z.enum(["mention", "open", "disabled"]).default("mention");

/** Sender ids (and usernames where the platform has them); `["*"]` lets everyone in, `[]` nobody. Numeric ids may be written as numbers. */
export const allowFrom = z.array(z.union([z.string().min(1), z.number().int().transform(String)])).default([]);

/** A TCP port number (0 picks a free one). */
export const port = z.number().int().min(0).max(65_535);

export type GroupPolicy = z.output<typeof groupPolicy>;

/** Whether replies appear as they are written (a message that grows), where the platform can edit messages. */
export const streaming = z.boolean().default(true);

/** Fewest seconds between two edits of a streaming reply; the plugin raises it to what its platform allows. */
export const streamInterval = z.number().positive().default(1);
