import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { configSchema } from "../../src/config/schema.js";
import { root } from "./built-cli.js";
import { envOf, type Instruction, parseYamlSubset, readDockerfile } from "./deploy-files.js";

interface Service {
  build?: { context: string; dockerfile: string };
  image: string;
  command?: string[];
  env_file?: string[];
  environment?: Record<string, string>;
  volumes: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck: { test: string[] };
}

const deployDir = join(root, "deploy");
let compose: { services: Record<string, Service>; volumes: Record<string, unknown> };
let single: { services: { skein: Service & Record<string, unknown> } };
let runtime: Instruction[];
const replicas = () => Object.entries(compose.services).filter(([name]) => name.startsWith("skein-"));

beforeAll(async () => {
  compose = parseYamlSubset(
    await readFile(join(deployDir, "docker-compose.cluster.yml"), "utf8"),
  ) as unknown as typeof compose;
  single = parseYamlSubset(await readFile(join(deployDir, "docker-compose.yml"), "utf8")) as unknown as typeof single;
  runtime = (await readDockerfile()).stages.get("runtime") ?? [];
});

describe("deploy/docker-compose.cluster.yml", () => {
  it("runs Redis with an append-only file fsynced on every write, never evicting, on its own volume", () => {
    const redis = compose.services.redis!;
    const flags = redis.command!.join(" ");
    expect(flags).toContain("--appendonly yes");
    expect(flags).toContain("--appendfsync always");
    expect(flags).toContain("--maxmemory-policy noeviction");
    expect(redis.volumes).toEqual(["redis-data:/data"]);
    expect(redis.healthcheck.test).toEqual(["CMD", "redis-cli", "ping"]);
    expect(redis).not.toHaveProperty("ports");
  });

  it("gives Redis a password from SKEIN_REDIS_PASSWORD (required), and each replica that password in its URL", () => {
    const redis = compose.services.redis!;
    expect(redis.command!.join(" ")).toMatch(/--requirepass \$\{SKEIN_REDIS_PASSWORD:\?[^}]+\}/);
    // redis-cli (the health check) reads the password from REDISCLI_AUTH.
    expect(redis.environment!.REDISCLI_AUTH).toMatch(/^\$\{SKEIN_REDIS_PASSWORD:\?[^}]+\}$/);
    for (const [, service] of replicas()) {
      const url = new URL(service.environment!.SKEIN_REDIS_URL!.replace(/\$\{SKEIN_REDIS_PASSWORD\}/, "hex0123"));
      expect(url.password).toBe("hex0123");
    }
  });

  it("runs three replicas of deploy/Dockerfile, each pointed at that Redis once it is healthy", () => {
    expect(replicas().map(([name]) => name)).toEqual(["skein-1", "skein-2", "skein-3"]);
    for (const [, service] of replicas()) {
      expect(resolve(deployDir, service.build!.context, service.build!.dockerfile)).toBe(join(deployDir, "Dockerfile"));
      expect(service.image).toBe(single.services.skein.image);
      expect(service.env_file).toEqual(single.services.skein.env_file);
      const url = service.environment!.SKEIN_REDIS_URL!;
      expect(configSchema.shape.bus.parse({ redis_url: url }).redis_url).toBe(url);
      expect(new URL(url).hostname).toBe("redis");
      expect(service.depends_on).toEqual({ redis: { condition: "service_healthy" } });
    }
  });

  it("gives each replica its own SKEIN_HOME volume and one workspace volume shared by all", () => {
    const home = envOf(runtime).SKEIN_HOME;
    const homes = new Set<string>();
    for (const [, service] of replicas()) {
      expect(service.environment!.SKEIN_HOME).toBe(home);
      const mounts = Object.fromEntries(service.volumes.map((volume) => volume.split(":").reverse()));
      homes.add(mounts[home!]!);
      expect(mounts[`${home}/workspace`]).toBe("skein-workspace");
    }
    expect(homes.size).toBe(3);
    const declared = Object.keys(compose.volumes).sort();
    const used = Object.values(compose.services).flatMap((service) => service.volumes.map((v) => v.split(":")[0]));
    expect([...new Set(used)].sort()).toEqual(declared);
  });

  it("checks each replica's /readyz like the image, with the single-process file's limits and confinement", () => {
    for (const [, service] of replicas()) {
      expect(service.healthcheck).toEqual(single.services.skein.healthcheck);
      expect(service.environment!.SKEIN_HEALTH_PORT).toBe(envOf(runtime).SKEIN_HEALTH_PORT);
      expect(service.healthcheck.test.join(" ")).toContain("/readyz");
      for (const key of ["restart", "init", "mem_limit", "security_opt", "cap_drop", "stop_grace_period"])
        expect((service as unknown as Record<string, unknown>)[key], key).toEqual(single.services.skein[key]);
    }
  });
});
