import * as z from "zod";
import { seconds } from "./seconds.js";

/** `agents.defaults.subagents`: the background children of the `delegate` tool (see docs/subagents.md). */
export const subagentsSchema = z.object({
  /** Children running at once in the whole daemon. */
  max_concurrent: z.number().int().min(1).default(8),
  /** Children running at once for one chat. */
  max_per_chat: z.number().int().min(1).default(5),
  /** Seconds a child may run; then its model request and commands are aborted and the parent told. */
  timeout: seconds().default(600),
  /** The model children run with; default the parent conversation's (another agent's: that agent's). */
  model: z.string().min(1).optional(),
  /** How deep delegation nests: a child at this depth is not offered `delegate`. */
  max_depth: z.number().int().min(1).max(5).default(1),
});
