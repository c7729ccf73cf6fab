import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Path of the built CLI; built once per test file that needs it. */
export const cliPath = fileURLToPath(new URL("../../dist/cli.js", import.meta.url));

export function buildCli(): void {
  execFileSync(process.execPath, [fileURLToPath(new URL("../../scripts/build.mjs", import.meta.url))], { stdio: "inherit" });
}
