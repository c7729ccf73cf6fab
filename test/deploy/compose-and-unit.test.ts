import { statSync } from "node:fs";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { execa } from "execa";
import { beforeAll, describe, expect, it } from "vitest";
import packageJson from "../../package.json" with { type: "json" };
import { root } from "./built-cli.js";
import { daemonNodeFlags, envOf, type Instruction, parseYamlSubset, readDockerfile, readUnit } from "./deploy-files.js";

let runtime: Instruction[];
beforeAll(async () => {
  runtime = (await readDockerfile()).stages.get("runtime") ?? [];
});

describe("deploy/docker-compose.yml", () => {
  interface Service {
    build: { context: string; dockerfile: string };
    env_file: string[];
    environment: Record<string, string>;
    volumes: string[];
    restart: string;
    mem_limit: string;
    healthcheck: { test: string[] };
  }
  let compose: { services: { skein: Service }; volumes: Record<string, unknown> };
  let service: Service;
  const deployDir = join(root, "deploy");

  beforeAll(async () => {
    compose = parseYamlSubset(await readFile(join(deployDir, "docker-compose.yml"), "utf8")) as typeof compose;
    service = compose.services.skein;
  });

  it("builds deploy/Dockerfile with the repository as the context", () => {
    const context = resolve(deployDir, service.build.context);
    expect(context).toBe(resolve(root));
    expect(resolve(context, service.build.dockerfile)).toBe(join(deployDir, "Dockerfile"));
  });

  it("reads secrets from the repository's .env, which git ignores and .env.example documents", async () => {
    expect(service.env_file.map((file) => resolve(deployDir, file))).toEqual([join(root, ".env")]);
    expect(await readFile(join(root, ".gitignore"), "utf8")).toMatch(/^\.env$/m);
    await expect(stat(join(root, ".env.example"))).resolves.toBeDefined();
  });

  it("keeps SKEIN_HOME on a named volume and the health port the image probes", () => {
    const imageEnv = envOf(runtime);
    expect(service.environment.SKEIN_HOME).toBe(imageEnv.SKEIN_HOME);
    expect(service.environment.SKEIN_HEALTH_PORT).toBe(imageEnv.SKEIN_HEALTH_PORT);
    const [volume, target] = service.volumes[0]!.split(":");
    expect(target).toBe(imageEnv.SKEIN_HOME);
    expect(Object.keys(compose.volumes)).toEqual([volume]);
  });

  it("restarts unless stopped, limits memory, and checks health like the image", () => {
    expect(service.restart).toBe("unless-stopped");
    expect(service.mem_limit).toBe("256m");
    const healthcheck = /^.*?CMD (\[.*\])$/.exec(
      runtime.find((instruction) => instruction.keyword === "HEALTHCHECK")!.args,
    )![1]!;
    expect(service.healthcheck.test).toEqual(["CMD", ...(JSON.parse(healthcheck) as string[])]);
  });
});

describe("deploy/skein.service", () => {
  it("runs `skein start` from the built CLI as a dedicated user", async () => {
    const unit = await readUnit();
    expect(unit.get("Service", "ExecStart")).toEqual([
      `/usr/bin/node ${daemonNodeFlags.join(" ")} /opt/skein/${packageJson.bin.skein} start`,
    ]);
    expect(unit.get("Service", "User")).toEqual(["skein"]);
    expect(unit.get("Service", "Restart")).toEqual(["on-failure"]);
    expect(unit.get("Service", "EnvironmentFile")).toEqual(["/etc/skein/skein.env"]);
  });

  it("keeps SKEIN_HOME (and with it the workspace) in its writable state directory", async () => {
    const unit = await readUnit();
    expect(unit.get("Service", "StateDirectory")).toEqual(["skein"]);
    expect(unit.get("Service", "Environment").join(" ")).toContain("SKEIN_HOME=/var/lib/skein");
    expect(unit.get("Service", "WorkingDirectory")).toEqual(["/var/lib/skein"]);
  });

  it("keeps Node's compile cache across restarts in its own cache directory, which PrivateTmp would empty", async () => {
    const unit = await readUnit();
    expect(unit.get("Service", "CacheDirectory")).toEqual(["skein"]);
    expect(unit.get("Service", "CacheDirectoryMode")).toEqual(["0700"]);
    expect(unit.get("Service", "Environment").join(" ")).toContain("NODE_COMPILE_CACHE=/var/cache/skein");
  });

  it("is hardened without breaking V8's JIT", async () => {
    const unit = await readUnit();
    const hardening = {
      NoNewPrivileges: "true",
      ProtectSystem: "strict",
      ProtectHome: "true",
      PrivateTmp: "true",
      PrivateDevices: "true",
    };
    for (const [key, value] of Object.entries(hardening)) expect(unit.get("Service", key), key).toEqual([value]);
    expect(unit.get("Service", "MemoryDenyWriteExecute")).toEqual([]);
  });

  const hasSystemdAnalyze = (process.env.PATH ?? "")
    .split(":")
    .some((dir) => dir && isFile(join(dir, "systemd-analyze")));
  it.skipIf(!hasSystemdAnalyze)("passes systemd-analyze verify", async () => {
    // verify also checks that ExecStart's binary exists: point it at this machine's node.
    const dir = await mkdtemp(join(tmpdir(), "skein-unit-"));
    try {
      const unit = (await readUnit()).text.replace("/usr/bin/node ", `${process.execPath} `);
      await writeFile(join(dir, "skein.service"), unit);
      const result = await execa("systemd-analyze", ["verify", join(dir, "skein.service")], { reject: false });
      expect(result.stderr).toBe("");
      expect(result.exitCode).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
