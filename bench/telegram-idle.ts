import { spawn } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { FakeTelegram } from "../test/fakes/fake-telegram.js";
import { untilReady, vmRssKb } from "./daemon-process.js";

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));

/**
 * `skein start` (the built CLI) with Telegram configured against the fake Bot API, as an operator
 * runs it: its VmRSS `idleMs` after it logs "skein ready". `node` is the Node binary to run it with;
 * `config` adds keys to its config.json.
 */
export async function telegramIdleRss(
  home: string,
  node = process.execPath,
  idleMs = 30_000,
  config: Record<string, unknown> = {},
): Promise<number> {
  const telegram = await FakeTelegram.start();
  await mkdir(home, { recursive: true });
  await writeFile(
    join(home, "config.json"),
    JSON.stringify({
      channels: { telegram: { api_root: telegram.apiRoot, allow_from: ["1"] } },
      gateway: { port: 0 },
      ...config,
    }),
  );
  const child = spawn(node, [cli, "start"], {
    env: {
      PATH: process.env.PATH,
      HOME: home,
      SKEIN_HOME: home,
      TELEGRAM_BOT_TOKEN: telegram.token,
      OPENAI_API_KEY: "sk-bench",
      OPENAI_BASE_URL: "http://127.0.0.1:9/v1",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  try {
    await untilReady(child);
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    return vmRssKb(await readFile(`/proc/${child.pid}/status`, "utf8"));
  } finally {
    child.kill("SIGTERM");
    await exited;
    await telegram.close();
  }
}
