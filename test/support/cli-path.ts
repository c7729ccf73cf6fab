import { fileURLToPath } from "node:url";

/** Path of the built CLI (package.json's bin); test/global-setup.ts builds it once per run. */
export const cliPath = fileURLToPath(new URL("../../dist/cli.js", import.meta.url));
