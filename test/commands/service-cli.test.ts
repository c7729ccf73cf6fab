import { execFile, spawn, spawnSync } from "node:child_process";
import { chmod, chown, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PairingFiles } from "../../src/access/pairing-store.js";
import { mallory, malloryChat } from "../channels/telegram/harness.js";
import { FakeOpenAI } from "../fakes/fake-openai.js";
import { FakeTelegram } from "../fakes/fake-telegram.js";
import { cliPath } from "../support/cli-path.js";
import { type SkeinProcess, spawnSkein } from "../support/skein-process.js";

/**
 * `skein start` as the one service of a `$SKEIN_HOME` (the built CLI, Telegram and the model
 * faked): its instance lock, its admin endpoint, and the operator commands run beside it.
 */

const run = promisify(execFile);
const isRoot = process.getuid?.() === 0;
/** A user other than root for the "service user" of a systemd install (uid 1000 exists on most systems). */
const serviceUser = { uid: 1000, gid: 1000 };
/** The service user must be able to run this node and read the built CLI (a node under a 0700 temp dir cannot). */
const serviceUserCanRun =
  isRoot && spawnSync(process.execPath, [cliPath, "--version"], { ...serviceUser, stdio: "ignore" }).status === 0;
if (isRoot && !serviceUserCanRun) {
  console.warn(
    `service-cli: skipped the service-user test: uid ${serviceUser.uid} cannot run ${process.execPath} ${cliPath}`,
  );
}

let telegram: FakeTelegram;
let model: FakeOpenAI;
let home: string;
let daemons: SkeinProcess[] = [];

beforeAll(async () => {
  [telegram, model] = await Promise.all([FakeTelegram.start(), FakeOpenAI.start()]);
});
afterAll(async () => {
  await Promise.all([telegram.close(), model.close()]);
});
/** A fresh $SKEIN_HOME for each test of the describe calling this. */
function homePerTest(): void {
  beforeEach(async () => {
    home = await mkdtemp(join(tmpdir(), "skein-service-"));
  });
  afterEach(async () => {
    await Promise.all(daemons.map((daemon) => daemon.stop()));
    daemons = [];
    await rm(home, { recursive: true, force: true });
  });
}

function environment(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "",
    HOME: home,
    SKEIN_HOME: home,
    OPENAI_API_KEY: "sk-test",
    OPENAI_BASE_URL: model.baseUrl,
    TELEGRAM_BOT_TOKEN: telegram.token,
    TELEGRAM_API_ROOT: telegram.apiRoot,
    TELEGRAM_ALLOW_FROM: "111",
    ...extra,
  };
}

function start(extra: Record<string, string> = {}): SkeinProcess {
  const daemon = spawnSkein(["start"], { cwd: home, env: environment(extra) });
  daemons.push(daemon);
  return daemon;
}

function skein(args: string[], extra: Record<string, string> = {}) {
  return run(process.execPath, [cliPath, ...args], { env: environment(extra), cwd: home }).catch(
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

/**
 * One daemon serves this describe: started without an API key or an allow list, on a home whose
 * pid file a dead daemon left behind; the last test stops it.
 */
describe("skein start, the service of one $SKEIN_HOME", () => {
  let daemon: SkeinProcess;
  let deadPid: number | undefined;
  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), "skein-service-"));
    const gone = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => gone.once("exit", resolve));
    deadPid = gone.pid;
    await writeFile(join(home, "skein.pid"), `${deadPid}\n`);
    daemon = start({ OPENAI_API_KEY: "", OPENAI_BASE_URL: "", TELEGRAM_ALLOW_FROM: "" });
    await daemon.waitFor('"msg":"skein ready"');
  });
  afterAll(async () => {
    await Promise.all(daemons.map((started) => started.stop()));
    daemons = [];
    await rm(home, { recursive: true, force: true });
  });

  it("warns about a missing API key and an empty allow list, and logs ready with each channel's state", async () => {
    const ready = await daemon.waitForLine("skein ready");
    expect(ready.channels).toEqual({ telegram: "connected", web: "connected" });
    expect(daemon.stderr()).toContain("no OPENAI_API_KEY and no OPENAI_BASE_URL");
    expect(daemon.stderr()).toContain("channels.telegram.allow_from is empty");
    expect(daemon.stderr()).toContain("TELEGRAM_ALLOW_FROM");
  });

  it("refuses a second start on the same home, naming the running pid, and exits 1", async () => {
    const second = start();
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toContain(`skein is already running (pid ${daemon.child.pid})`);
    expect(second.stderr()).not.toMatch(/^\s+at /m);
  });

  it("lets `skein chat -m` run beside it with the same health port: the chat binds no port", async () => {
    const listening = await daemon.waitForLine("health endpoint listening");
    model.reply({ content: "hello from beside the daemon" });
    const chat = await skein(["chat", "-m", "hi"], { SKEIN_HEALTH_PORT: String(listening.port) });
    expect(chat).toMatchObject({ stdout: "hello from beside the daemon\n" });
  });

  it("answers `skein status` through its admin endpoint, without knowing the health port, also as --json", async () => {
    const text = await skein(["status"], { SKEIN_HEALTH_PORT: "1" });
    expect(text.stdout).toMatch(/^skein .*: up .*, ready$/m);
    expect(text.stdout).toMatch(/telegram +connected/);
    const json = await skein(["status", "--json"], { SKEIN_HEALTH_PORT: "1" });
    expect(JSON.parse(json.stdout)).toMatchObject({ ready: true, channels: { telegram: { state: "connected" } } });
  });

  it("approves and revokes pairings itself when the operator runs the commands", async () => {
    const sentBefore = telegram.callsOf("sendMessage").length;
    telegram.userMessage(malloryChat, mallory, "hi?");
    const pairing = (await telegram.waitForSent(sentBefore + 1)).at(-1)!;
    const code = /pairing code is ([A-Z0-9]{8})/.exec(pairing.visibleText)![1]!;
    // The file is the daemon's: a command that wrote it itself could not have, with the folder read-only.
    await chmod(join(home, "pairing"), 0o500);
    const approved = await skein(["pairing", "approve", "telegram", code]);
    expect(approved.stdout).toContain(`Approved ${mallory.id} (@mallory, Mallory) on telegram`);
    await chmod(join(home, "pairing"), 0o700);
    const again = await skein(["pairing", "approve", "telegram", code]);
    expect(again.stdout).toContain(`Code ${code} was already approved: ${mallory.id}`);
    const listed = JSON.parse((await skein(["pairing", "list", "--json"])).stdout);
    expect(listed.telegram.approved).toEqual([expect.objectContaining({ senderId: String(mallory.id) })]);
    const revoked = await skein(["pairing", "revoke", "telegram", String(mallory.id)]);
    expect(revoked.stdout).toContain(`Revoked ${mallory.id}`);
    expect(await new PairingFiles({ home }).isApproved("telegram", String(mallory.id))).toBe(false);
  });

  it("took over the lock a dead daemon left behind, and removes it when stopped", async () => {
    expect(deadPid).not.toBe(daemon.child.pid);
    expect((await readFile(join(home, "skein.pid"), "utf8")).trim()).toBe(String(daemon.child.pid));
    expect(await daemon.stop()).toBe(0);
    await expect(stat(join(home, "skein.pid"))).rejects.toThrow(/ENOENT/);
  });
});

describe.skipIf(!serviceUserCanRun)(
  "a systemd-style install: the daemon runs as a service user, the operator as root",
  () => {
    homePerTest();

    it("`pairing approve` run by root goes through the daemon, which keeps answering the approved sender", async () => {
      await chown(home, serviceUser.uid, serviceUser.gid);
      const daemon = spawn(process.execPath, [cliPath, "start"], {
        env: { ...environment(), SKEIN_HEALTH_PORT: "0" },
        cwd: home,
        stdio: ["ignore", "ignore", "pipe"],
        ...serviceUser,
      });
      let log = "";
      daemon.stderr!.on("data", (chunk: Buffer) => (log += chunk.toString()));
      const exited = new Promise((resolve) => daemon.once("close", resolve));
      daemon.once("error", (error) => {
        log += `spawn failed: ${error.message}`;
      });
      try {
        await telegram.waitForCall("getUpdates", () => true, telegram.callsOf("getUpdates").length);
        const sentBefore = telegram.callsOf("sendMessage").length;
        telegram.userMessage(malloryChat, mallory, "hi?");
        const pairing = (await telegram.waitForSent(sentBefore + 1)).at(-1)!;
        const code = /pairing code is ([A-Z0-9]{8})/.exec(pairing.visibleText)![1]!;

        const approved = await skein(["pairing", "approve", "telegram", code]);
        expect(approved.stdout).toContain(`Approved ${mallory.id}`);
        expect((await stat(join(home, "pairing", "telegram.json"))).uid).toBe(serviceUser.uid);

        telegram.userMessage(malloryChat, mallory, "and now?");
        const answer = (await telegram.waitForSent(sentBefore + 2)).at(-1)!;
        expect(answer.visibleText, log).toBe("echo: and now?");
      } finally {
        daemon.kill("SIGTERM");
        await exited;
      }
    });

    it("an approve by root while no daemon runs leaves the pairing files to the owner of $SKEIN_HOME", async () => {
      await chown(home, serviceUser.uid, serviceUser.gid);
      const request = await new PairingFiles({ home }).requestCode("telegram", { senderId: "7", chatId: "7" });
      const code = request.type === "code" ? request.code : "";
      const approved = await skein(["pairing", "approve", "telegram", code]);
      expect(approved.stdout).toContain("Approved 7 on telegram");
      expect((await stat(join(home, "pairing", "telegram.json"))).uid).toBe(serviceUser.uid);
      expect((await stat(join(home, "pairing"))).uid).toBe(serviceUser.uid);
    });
  },
);

describe("skein start's log", () => {
  homePerTest();

  it("has one info line per answered message, without its content, in log_file when set", async () => {
    const logFile = join(home, "logs", "skein.log");
    const daemon = start({ SKEIN_LOG_FILE: logFile });
    await telegram.waitForCall("getUpdates", () => true, telegram.callsOf("getUpdates").length);
    const sentBefore = telegram.callsOf("sendMessage").length;
    telegram.userMessage({ id: 111, type: "private" }, { id: 111, first_name: "Alice" }, "a secret question");
    await telegram.waitForSent(sentBefore + 1);
    await daemon.stop();
    const lines = (await readFile(logFile, "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const answered = lines.filter((line) => line.msg === "answered");
    expect(answered).toEqual([
      expect.objectContaining({
        level: 30,
        channel: "telegram",
        chatId: "111",
        toolCalls: 0,
        promptTokens: 10,
        completionTokens: 5,
        latencyMs: expect.any(Number),
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain("a secret question");
    expect(lines.map((line) => line.msg)).toContain("skein ready");
    expect(daemon.stderr()).toBe("");
    expect((await stat(logFile)).mode & 0o777).toBe(0o600);
  });
});
