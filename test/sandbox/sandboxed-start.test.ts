import { mkdir, mkdtemp, readFile, realpath, rm } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Duplex } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveSandbox, type SandboxedProcess, startSandboxed } from "../../src/sandbox/index.js";
import { bwrapWorks } from "../support/bwrap-works.js";

let home: string;
let workspace: string;
let profile: string;
beforeAll(async () => {
  home = await realpath(await mkdtemp(join(tmpdir(), "skein-start-")));
  workspace = join(home, "workspace");
  profile = join(home, "profile");
  await Promise.all([mkdir(workspace), mkdir(profile)]);
});
afterAll(() => rm(home, { recursive: true, force: true }));

const env = { PATH: process.env.PATH ?? "/usr/bin:/bin" };

/** Everything the program writes to a pipe until it closes it. */
const readAll = (pipe: Duplex): Promise<string> =>
  new Promise((resolve) => {
    let text = "";
    pipe.on("data", (chunk: Buffer) => (text += chunk.toString()));
    pipe.once("end", () => resolve(text));
  });

describe("a long-lived program started in the sandbox (startSandboxed)", () => {
  it.skipIf(!bwrapWorks())(
    "hands it its pipes at descriptors 6 and up, binds the folders asked for writable and runs it as non-root",
    async () => {
      const started = await startSandboxed({
        file: "sh",
        args: [
          "-c",
          `read line <&7; echo "got $line as $(id -u)" >&6; touch ${profile}/written; touch /etc/x || echo ro >&6`,
        ],
        cwd: workspace,
        env,
        sandbox: resolveSandbox({ mode: "auto", workspace }),
        network: "none",
        writableBinds: [profile],
        nonRoot: true,
        pipes: 2,
      });
      const [out, into] = started.pipes as [Duplex, Duplex];
      const said = readAll(out);
      into.write("hello\n");
      const uid = process.getuid?.() === 0 ? 65534 : process.getuid?.();
      expect(await said).toBe(`got hello as ${uid}\nro\n`);
      expect(await started.exited).toMatchObject({ code: 0 });
      expect(await readFile(join(profile, "written"), "utf8")).toBe("");
    },
  );

  it.skipIf(!bwrapWorks())(
    "gives it the guarded proxy's address under public, and kill ends it with everything it started",
    async () => {
      const started: SandboxedProcess = await startSandboxed({
        file: "sh",
        args: (proxy) => ["-c", `echo ${proxy} >&6; sleep 300 & sleep 300`],
        cwd: workspace,
        env,
        sandbox: resolveSandbox({ mode: "auto", workspace }),
        network: "public",
        pipes: 1,
      });
      const said = await new Promise<string>((resolve) =>
        started.pipes[0]!.once("data", (chunk) => resolve(String(chunk))),
      );
      expect(said).toBe("http://127.0.0.1:3128\n");
      expect(started.proxyUrl).toBe("http://127.0.0.1:3128");
      await started.kill();
      expect(await started.exited).toMatchObject({ code: null, signal: "SIGKILL" });
    },
  );

  it("without a sandbox (tools.exec.sandbox: none), gives it under public a loopback port of the guarded proxy", async () => {
    const controller = new AbortController();
    const started = await startSandboxed({
      file: "sleep",
      args: ["30"],
      cwd: workspace,
      env,
      sandbox: resolveSandbox({ mode: "none", workspace, signal: controller.signal }),
      network: "public",
    });
    try {
      expect(started.proxyUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const proxy = new URL(started.proxyUrl!);
      const answer = await new Promise<{ status: number; refused: string | undefined }>((resolve, reject) =>
        request({ host: proxy.hostname, port: proxy.port, path: "http://127.0.0.1:1/", agent: false }, (response) =>
          resolve({ status: response.statusCode!, refused: response.headers["x-skein-refused"] as string }),
        )
          .on("error", reject)
          .end(),
      );
      expect(answer).toEqual({ status: 403, refused: "127.0.0.1 is a loopback address; skein does not connect there" });
    } finally {
      await started.kill();
      controller.abort();
    }
  });

  it("is refused, saying why and how to fix it, without a working sandbox", async () => {
    await expect(
      startSandboxed({
        file: "true",
        args: [],
        cwd: workspace,
        env,
        sandbox: resolveSandbox({ mode: "auto", workspace, bwrap: "/nonexistent/bwrap" }),
      }),
    ).rejects.toMatchObject({ kind: "unavailable", message: expect.stringContaining("apt-get install bubblewrap") });
  });
});
