#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
function describeSchedule(schedule, tz) {
  switch (schedule.type) {
    case "at":
      return `at ${schedule.at} (${tz})`;
    case "every":
      return `every ${schedule.seconds} s`;
    case "cron":
      return `cron "${schedule.expression}" (${tz})`;
  }
}
export { describeSchedule };
//# sourceMappingURL=chunk-D7JGR63W.js.map
