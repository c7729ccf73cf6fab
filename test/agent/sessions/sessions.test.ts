import { constants } from "node:fs";
import { appendFile, mkdtemp, readdir, readFile, readlink, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sanitizeText } from "../../../src/agent/sanitize.js";
import {
  decodeSessionFileName,
  encodeSessionKey,
  SessionIdError,
  validateSessionKey,
} from "../../../src/agent/sessions/session-id.js";
import { SessionFiles } from "../../../src/agent/sessions/sessions.js";
import type { ChatMessage } from "../../../src/providers/provider.js";
import { recordingLogger } from "../../support/tool-context.js";

/** Session stores made by a test, closed after it (no file left open for the garbage collector). */
const opened: SessionFiles[] = [];
function files(options: ConstructorParameters<typeof SessionFiles>[0]): SessionFiles {
  const store = new SessionFiles(options);
  opened.push(store);
  return store;
}
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
});

describe("session ids", () => {
  it.each([
    ["empty", ""],
    ["longer than 256 bytes", `telegram:${"9".repeat(250)}`],
    ["256 bytes of multi-byte text plus one", `${"é".repeat(128)}x`],
    ["path traversal", "telegram:../../etc"],
    ["a slash", "telegram:a/b"],
    ["a backslash", "telegram:a\\b"],
    ["a NUL byte", "telegram:a\u0000b"],
    ["a control character", "telegram:a\u001bb"],
    ["DEL", "telegram:a\u007fb"],
    ["a newline", "telegram:a\nb"],
  ])("rejects an id with %s", (_case, key) => {
    expect(() => validateSessionKey(key)).toThrow(SessionIdError);
  });

  it.each([
    "telegram:-1001234567890",
    "slack:C0123ABC:1712345678.123456",
    "discord:112233445566778899",
    "cli:local",
    "x".repeat(256),
  ])("accepts %s and encodes it into a file name that round-trips", (key) => {
    validateSessionKey(key);
    const stem = encodeSessionKey(key);
    expect(stem).not.toMatch(/[/\\:]|\.\./);
    expect(stem).not.toContain(".");
    expect(decodeSessionFileName(stem)).toBe(key);
  });

  it("refuses to encode an invalid id", () => {
    expect(() => encodeSessionKey("a/../b")).toThrow(SessionIdError);
  });
});

describe("sanitising inbound text", () => {
  it("strips NUL, DEL and control characters but keeps newline, carriage return and tab", () => {
    expect(sanitizeText("a\u0000b\u0001c\u0008d\u000be\u000cf\u001fg\u007fh\ti\nj\rk")).toBe("abcdefgh\ti\nj\rk");
    expect(sanitizeText("héllo 👋")).toBe("héllo 👋");
  });
});

describe("the session store", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "skein-sessions-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const turn: ChatMessage[] = [
    { role: "user", content: "read a.txt" },
    {
      role: "assistant",
      content: null,
      tool_calls: [{ id: "c1", type: "function", function: { name: "read_file", arguments: '{"path":"a.txt"}' } }],
    },
    { role: "tool", tool_call_id: "c1", content: '{"content":"hi"}' },
    { role: "assistant", content: "It says hi." },
  ];

  it("round-trips a session through its JSONL file", async () => {
    const { log } = recordingLogger();
    const store = files({ dir, log });
    await store.append("slack:C1:1712.5", turn);
    expect(await readdir(dir)).toEqual(["slack%3AC1%3A1712%2E5.jsonl"]);
    const reopened = files({ dir, log });
    expect(await reopened.load("slack:C1:1712.5")).toEqual(turn);
    const lines = (await readFile(join(dir, "slack%3AC1%3A1712%2E5.jsonl"), "utf8")).split("\n");
    expect(lines).toHaveLength(5);
    expect(lines.at(-1)).toBe("");
  });

  it("writes turns completed together in one batch, in order", async () => {
    const { log } = recordingLogger();
    const store = files({ dir, log });
    await Promise.all(turn.map((message) => store.append("cli:local", [message])));
    expect(await files({ dir, log }).load("cli:local")).toEqual(turn);
  });

  it("keeps call order and every message when many turns append at once before the session is loaded", async () => {
    const { log } = recordingLogger();
    await files({ dir, log }).append("cli:local", turn);
    const store = files({ dir, log });
    const later = Array.from({ length: 50 }, (_, index) => ({ role: "user" as const, content: `message ${index}` }));
    await Promise.all(later.map((message) => store.append("cli:local", [message])));
    expect(await store.load("cli:local")).toEqual([...turn, ...later]);
    expect(await files({ dir, log }).load("cli:local")).toEqual([...turn, ...later]);
  });

  it.runIf(process.platform === "linux")(
    "keeps a session file open with O_DSYNC, so that an append has reached the disk when it resolves",
    async () => {
      const { log } = recordingLogger();
      const store = files({ dir, log });
      await store.append("cli:local", turn);
      const path = join(dir, "cli%3Alocal.jsonl");
      const descriptors = await readdir("/proc/self/fd");
      const open = await Promise.all(
        descriptors.map(async (fd) => ({ fd, target: await readlink(`/proc/self/fd/${fd}`).catch(() => "") })),
      );
      const fd = open.find((entry) => entry.target === path)?.fd;
      expect(fd).toBeDefined();
      const flags = Number.parseInt(/^flags:\s+(\d+)/m.exec(await readFile(`/proc/self/fdinfo/${fd}`, "utf8"))![1]!, 8);
      expect(flags & constants.O_DSYNC).toBe(constants.O_DSYNC);
      expect(flags & constants.O_APPEND).toBe(constants.O_APPEND);
    },
  );

  it("appends later turns to the same file", async () => {
    const { log } = recordingLogger();
    const store = files({ dir, log });
    await store.append("cli:local", turn.slice(0, 1));
    await store.append("cli:local", turn.slice(1));
    expect(await files({ dir, log }).load("cli:local")).toEqual(turn);
  });

  it("skips corrupt lines with a warning and keeps the rest", async () => {
    const { log, lines } = recordingLogger();
    const store = files({ dir, log });
    await store.append("cli:local", turn.slice(0, 1));
    await appendFile(
      store.pathOf("cli:local"),
      '{"role":"user","content":"trunc\n{"role":"wizard","content":"x"}\nnot json at all\n',
    );
    await appendFile(store.pathOf("cli:local"), `${JSON.stringify(turn[3])}\n`);
    const loaded = await files({ dir, log }).load("cli:local");
    expect(loaded).toEqual([turn[0], turn[3]]);
    const warnings = lines.filter((line) => line.msg === "skipping a corrupt session line");
    expect(warnings.map((line) => line.line)).toEqual([2, 3, 4]);
  });

  it("heals a lone surrogate an older skein stored, so the chat's requests stay valid JSON (claude-code #69927)", async () => {
    const { log } = recordingLogger();
    const store = files({ dir, log });
    await store.append("cli:local", turn.slice(0, 1));
    await appendFile(
      store.pathOf("cli:local"),
      '{"turn":"cli:9","messages":[{"role":"tool","tool_call_id":"c1","content":"cut \\ud83d here"}],"replies":[]}\n',
    );
    const loaded = await files({ dir, log }).load("cli:local");
    expect(loaded.at(-1)).toEqual({ role: "tool", tool_call_id: "c1", content: "cut \uFFFD here" });
  });

  it("loads a file with garbage and a torn last line, and later turns survive the next restart", async () => {
    const { log } = recordingLogger();
    const store = files({ dir, log });
    await store.append("cli:local", turn.slice(0, 2), { id: "cli:1", replies: [] });
    await appendFile(store.pathOf("cli:local"), 'garbage\n{"turn":"cli:2","messages":[{"role":"user","con');

    const afterCrash = files({ dir, log });
    expect(await afterCrash.load("cli:local")).toEqual(turn.slice(0, 2));
    await afterCrash.append("cli:local", turn.slice(2), { id: "cli:3", replies: ["It says hi."] });

    const afterRestart = files({ dir, log });
    expect(await afterRestart.load("cli:local")).toEqual(turn);
    expect(await afterRestart.recordedTurn("cli:local", "cli:3")).toEqual(["It says hi."]);
    expect(await afterRestart.recordedTurn("cli:local", "cli:2")).toBeUndefined();
  });

  it("stores a turn's records as one line, so that a crash keeps all of them or none", async () => {
    const { log } = recordingLogger();
    const store = files({ dir, log });
    await store.append("cli:local", turn, { id: "cli:9", replies: ["It says hi."] });
    const text = await readFile(store.pathOf("cli:local"), "utf8");
    expect(text.split("\n")).toEqual([JSON.stringify({ turn: "cli:9", messages: turn, replies: ["It says hi."] }), ""]);
    expect(await files({ dir, log }).recordedTurn("cli:local", "cli:9")).toEqual(["It says hi."]);
  });

  it("starts empty for a session without a file", async () => {
    const { log } = recordingLogger();
    expect(await files({ dir: join(dir, "missing"), log }).load("cli:local")).toEqual([]);
  });

  it("archives the file on /new and starts the session fresh", async () => {
    const { log } = recordingLogger();
    const store = files({ dir, log, now: () => new Date("2026-11-22T07:00:00.000Z") });
    await store.append("cli:local", turn);
    const archived = await store.archive("cli:local");
    expect(archived).toBe(join(dir, "archive", "cli%3Alocal.2026-11-22T07-00-00-000Z.jsonl"));
    expect(await store.load("cli:local")).toEqual([]);
    expect(await files({ dir, log }).load("cli:local")).toEqual([]);
    expect((await readFile(archived!, "utf8")).trim().split("\n")).toHaveLength(4);
    await store.append("cli:local", turn.slice(0, 1));
    expect(await files({ dir, log }).load("cli:local")).toEqual(turn.slice(0, 1));
  });

  it("writes more sessions at once than it keeps files open for, each complete and in order in its own file", async () => {
    const { log } = recordingLogger();
    const store = files({ dir, log });
    const keys = Array.from({ length: 200 }, (_, index) => `telegram:${index}`);
    for (let round = 0; round < 3; round++)
      await Promise.all(keys.map((key) => store.append(key, [{ role: "user", content: `${key} ${round}` }])));
    const reopened = files({ dir, log });
    for (const key of keys)
      expect((await reopened.load(key)).map((message) => message.content)).toEqual([
        `${key} 0`,
        `${key} 1`,
        `${key} 2`,
      ]);
  });

  it("never touches the filesystem for an invalid session id", async () => {
    const { log } = recordingLogger();
    const store = files({ dir, log });
    await writeFile(join(dir, "secret"), "x");
    await expect(store.load("../secret")).rejects.toThrow(SessionIdError);
    await expect(store.append("a/b", turn)).rejects.toThrow(SessionIdError);
    expect(await readdir(dir)).toEqual(["secret"]);
  });
});

describe("sessions in memory", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "skein-sessions-memory-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("lets a session unused for idleMs leave memory, and reads it again from its file on its next message", async () => {
    let now = 0;
    const { log } = recordingLogger();
    const store = files({ dir, log, idleMs: 60_000, now: () => new Date(now) });
    await store.append("telegram:1", [{ role: "user", content: "remember me" }]);
    await store.append("telegram:2", [{ role: "user", content: "busy chat" }]);
    expect(store.size).toBe(2);
    now = 30_000;
    await store.load("telegram:2");
    expect(store.size).toBe(2);
    now = 90_000;
    await store.load("telegram:2");
    expect(store.size).toBe(1);
    expect(await store.load("telegram:1")).toEqual([{ role: "user", content: "remember me" }]);
    expect(store.size).toBe(2);
  });

  it("holds at most maxCachedBytes of histories in memory, the least recently used leaving first", async () => {
    const { log } = recordingLogger();
    // Each chat holds about 2 KB: three fit in 7,000 bytes, four do not.
    const store = files({ dir, log, maxCachedBytes: 7_000 });
    const words = (chat: number) => [{ role: "user" as const, content: `chat ${chat} says ${"x".repeat(1_900)}` }];
    for (const chat of [1, 2, 3]) await store.append(`telegram:${chat}`, words(chat));
    await store.load("telegram:1");
    expect(store.size).toBe(3);
    for (const chat of [4, 5]) await store.append(`telegram:${chat}`, words(chat));
    expect(store.size).toBe(3);
    await store.flush();
    // Chat 1 (used since) is still in memory; chat 2, used least recently, left it and is read from its file.
    await rm(store.pathOf("telegram:1"));
    await rm(store.pathOf("telegram:2"));
    expect(await store.load("telegram:1")).toEqual(words(1));
    expect(await store.load("telegram:2")).toEqual([]);
  });

  it("keeps at most twice `retain` messages of a session in memory, the newest", async () => {
    const { log } = recordingLogger();
    const store = files({ dir, log, retain: 10 });
    for (let turn = 0; turn < 100; turn++) await store.append("telegram:1", [{ role: "user", content: `${turn}` }]);
    const history = await store.load("telegram:1");
    expect(history.length).toBeLessThanOrEqual(20);
    expect(history.at(-1)).toEqual({ role: "user", content: "99" });
  });
});
