import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Builds dist/ once before any test file runs, so tests that spawn the CLI share one build. */
export default function buildOnce(): void {
  execFileSync(process.execPath, [fileURLToPath(new URL("../scripts/build.mjs", import.meta.url))], {
    stdio: "inherit",
  });
}
