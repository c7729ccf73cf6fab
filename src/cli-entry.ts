import { enableCompileCache } from "./util/compile-cache.js";

/**
 * The `skein` executable (dist/cli.js): Node's compile cache goes on before the commands are loaded, so every
 * command after the first starts from compiled code (src/util/compile-cache.ts), then src/cli.ts runs.
 */
enableCompileCache();
await import("./cli.js");
