import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import packageJson from "../../package.json" with { type: "json" };
import { startHealthServer } from "../../src/health/health-server.js";
import { refusedPort } from "../fakes/refused-port.js";
import { type BuiltCli, buildCli, root } from "./built-cli.js";
import { daemonNodeFlags, envOf, type Instruction, readDockerfile } from "./deploy-files.js";

let stages: Map<string, Instruction[]>;
let args: Map<string, string>;
let build: Instruction[];
let runtime: Instruction[];
/** The CLI built from exactly the sources the build stage copies. */
let image: BuiltCli;
const all = (stage: Instruction[], keyword: string) => stage.filter((instruction) => instruction.keyword === keyword);
const one = (stage: Instruction[], keyword: string) => all(stage, keyword).at(-1)?.args ?? "";

beforeAll(async () => {
  ({ stages, args } = await readDockerfile());
  build = stages.get("build") ?? [];
  runtime = stages.get("runtime") ?? [];
  const copied = all(build, "COPY").flatMap((copy) => copy.args.split(" ").slice(0, -1));
  image = await buildCli(copied);
});
afterAll(() => image?.dispose());

describe("deploy/Dockerfile", () => {
  it("builds in one stage and runs in another, both on a slim Node LTS image", () => {
    expect([...stages.keys()]).toEqual(["build", "runtime"]);
    expect(args.get("NODE_IMAGE")).toMatch(/^node:(22|24)-[a-z]+-slim$/);
    for (const stage of [build, runtime]) expect(stage[0]!.args).toMatch(/^\$\{NODE_IMAGE\} AS /);
  });

  it("builds with the lock file and the package's build script", () => {
    const runs = all(build, "RUN").map((instruction) => instruction.args);
    expect(runs).toContain("npm ci --no-audit --no-fund");
    expect(runs).toContain("npm run build");
    expect(packageJson.scripts.build).toBe("node scripts/build.mjs");
  });

  it("copies sources that exist and that .dockerignore lets into the build context", async () => {
    const ignored = (await readFile(join(root, ".dockerignore"), "utf8")).split("\n").map((line) => line.trim());
    const sources = [...build, ...runtime]
      .filter((instruction) => instruction.keyword === "COPY" && !instruction.args.startsWith("--from"))
      .flatMap((instruction) => instruction.args.split(" ").slice(0, -1));
    expect(sources).toEqual(
      expect.arrayContaining(["package.json", "package-lock.json", "src", "channels", "scripts"]),
    );
    for (const source of sources) {
      await expect(stat(join(root, source)), source).resolves.toBeDefined();
      expect(ignored, `${source} is in .dockerignore`).not.toContain(source);
    }
    for (const secretOrBulk of [".env", "node_modules", "dist", "test", ".git"])
      expect(ignored).toContain(secretOrBulk);
  });

  it("builds a working CLI from exactly what the build stage copies", async () => {
    const help = await execa(process.execPath, [image.cli, "--help"]);
    expect(help.stdout).toMatch(/^\s+start\s/m);
  });

  it("installs production dependencies only, and ships no tests or fakes", async () => {
    expect(all(runtime, "RUN").map((instruction) => instruction.args)).toContainEqual(
      expect.stringMatching(/^npm ci --omit=dev --ignore-scripts /),
    );
    expect(all(runtime, "COPY").map((instruction) => instruction.args)).toEqual([
      "package.json package-lock.json ./",
      "--from=build /app/dist ./dist",
    ]);
    // --ignore-scripts is safe only while no production dependency needs an install script.
    const lock = JSON.parse(await readFile(join(root, "package-lock.json"), "utf8")) as {
      packages: Record<string, { dev?: boolean; hasInstallScript?: boolean }>;
    };
    const scripted = Object.entries(lock.packages).filter(([, entry]) => entry.hasInstallScript && !entry.dev);
    expect(scripted.map(([name]) => name)).toEqual([]);
  });

  it("starts `skein start` from the path package.json's bin names", async () => {
    expect(JSON.parse(one(runtime, "CMD"))).toEqual(["node", ...daemonNodeFlags, packageJson.bin.skein, "start"]);
    expect(one(runtime, "WORKDIR")).toBe("/app");
    expect(one(build, "WORKDIR")).toBe("/app");
    expect(image.cli).toBe(join(image.dir, packageJson.bin.skein));
    const help = await execa(process.execPath, [packageJson.bin.skein, "--help"], { cwd: image.dir });
    expect(help.stdout).toMatch(/^\s+start\s+run the daemon/m);
    const startHelp = await execa(process.execPath, [packageJson.bin.skein, "start", "--help"], { cwd: image.dir });
    expect(startHelp.stdout).toContain("Usage: skein start");
  });

  it("runs as a non-root user with SKEIN_HOME on the volume", () => {
    const env = envOf(runtime);
    expect(one(runtime, "USER")).toBe("node");
    expect(env.SKEIN_HOME).toBe("/data");
    expect(one(runtime, "VOLUME")).toBe(env.SKEIN_HOME);
    expect(all(runtime, "RUN").map((instruction) => instruction.args)).toContain(
      `mkdir -p ${env.SKEIN_HOME}/workspace && chown -R node:node ${env.SKEIN_HOME}`,
    );
  });

  describe("the health check", () => {
    const check = () => {
      const [, json = ""] = /^.*?CMD (\[.*\])$/.exec(one(runtime, "HEALTHCHECK")) ?? [];
      return JSON.parse(json) as string[];
    };
    const probe = (port: number) => {
      const [command = "", ...rest] = check();
      expect(command).toBe("node");
      return execa(process.execPath, rest, { env: { SKEIN_HEALTH_PORT: String(port) }, reject: false });
    };

    it("probes /readyz on the port the image sets", () => {
      expect(envOf(runtime).SKEIN_HEALTH_PORT).toBe("17870");
      expect(check().join(" ")).toContain("'http://127.0.0.1:' + process.env.SKEIN_HEALTH_PORT + '/readyz'");
    });

    it("passes while every channel is connected and fails when one has failed or nothing listens", async () => {
      const channels = { telegram: { state: "connected" as "connected" | "failed", since: Date.now() } };
      const server = await startHealthServer({
        host: "127.0.0.1",
        port: 0,
        unreadyAfterSeconds: 60,
        status: () => ({
          version: "0",
          startedAt: Date.now(),
          channels,
          activeSessions: 0,
          sessions: 0,
          turnsServed: 0,
        }),
      });
      try {
        expect((await probe(server.port)).exitCode).toBe(0);
        channels.telegram.state = "failed";
        expect((await probe(server.port)).exitCode).toBe(1);
      } finally {
        await server.close();
      }
      const refused = await refusedPort();
      try {
        expect((await probe(refused.port)).exitCode).toBe(1);
      } finally {
        await refused.release();
      }
    });
  });
});
