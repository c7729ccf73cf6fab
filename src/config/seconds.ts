import * as z from "zod";

/** The longest time limit Node.js timers can hold (2^31 - 1 ms), in seconds. */
const maxTimerSeconds = 2_147_483;

/** A time limit in seconds: positive, and short enough for a timer (a longer one would fire at once). */
export const seconds = () =>
  z
    .number()
    .positive()
    .max(
      maxTimerSeconds,
      `must be at most ${maxTimerSeconds} seconds (about 24 days, the longest timer Node.js can set)`,
    );
