import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { configSchema } from "../../src/config/schema.js";
import { root } from "./built-cli.js";
import { parseYamlSubset } from "./deploy-files.js";

interface Service {
  image: string;
  command?: string[];
  environment?: Record<string, string>;
  volumes: string[];
  healthcheck: { test: string[] };
  stop_grace_period?: string;
}

const deployDir = join(root, "deploy");
let compose: { services: Record<string, Service>; volumes: Record<string, unknown> };
let cluster: { services: Record<string, Service & Record<string, unknown>> };
const services = (prefix: string) => Object.entries(compose.services).filter(([name]) => name.startsWith(prefix));

beforeAll(async () => {
  compose = parseYamlSubset(
    await readFile(join(deployDir, "docker-compose.sentinel.yml"), "utf8"),
  ) as unknown as typeof compose;
  cluster = parseYamlSubset(
    await readFile(join(deployDir, "docker-compose.cluster.yml"), "utf8"),
  ) as unknown as typeof cluster;
});

describe("deploy/docker-compose.sentinel.yml", () => {
  it("runs a primary and its replica, each with an append-only file fsynced on every write, the password and masterauth", () => {
    const [primary, replica] = [compose.services["redis-primary"]!, compose.services["redis-replica"]!];
    for (const node of [primary, replica]) {
      const flags = node.command!.join(" ");
      for (const flag of ["--appendonly yes", "--appendfsync always", "--maxmemory-policy noeviction"])
        expect(flags).toContain(flag);
      expect(flags).toMatch(/--requirepass \$\{SKEIN_REDIS_PASSWORD:\?[^}]+\}/);
      expect(flags).toMatch(/--masterauth \$\{SKEIN_REDIS_PASSWORD:\?[^}]+\}/);
      expect(node).not.toHaveProperty("ports");
    }
    expect(replica.command!.join(" ")).toContain("--replicaof redis-primary 6379");
    expect(primary.command!.join(" ")).not.toContain("--replicaof");
  });

  it("runs three Sentinels monitoring the primary with a quorum of two, each keeping its config on its own volume", () => {
    const sentinels = services("sentinel-");
    expect(sentinels.map(([name]) => name)).toEqual(["sentinel-1", "sentinel-2", "sentinel-3"]);
    for (const [name, sentinel] of sentinels) {
      const script = sentinel.command!.join(" ");
      expect(script).toContain("sentinel monitor skein redis-primary 6379 2");
      expect(script).toContain("sentinel auth-pass skein");
      expect(script).toContain("--sentinel");
      expect(sentinel.volumes).toEqual([`${name}-data:/data`]);
    }
  });

  it("points three skein processes at the Sentinels (bus.sentinel), as the cluster file's replicas otherwise", () => {
    const replicas = services("skein-");
    expect(replicas.map(([name]) => name)).toEqual(["skein-1", "skein-2", "skein-3"]);
    const sentinelNodes = services("sentinel-").map(([name]) => `${name}:26379`);
    for (const [name, service] of replicas) {
      const environment = service.environment!;
      expect(environment.SKEIN_REDIS_SENTINELS!.split(",")).toEqual(sentinelNodes);
      expect(environment.SKEIN_REDIS_MASTER).toBe("skein");
      expect(environment.SKEIN_REDIS_URL, "cleared: only one of the two may be set").toBe("");
      expect(environment.SKEIN_REDIS_PASSWORD).toMatch(/^\$\{SKEIN_REDIS_PASSWORD:\?[^}]+\}$/);
      const bus = configSchema.shape.bus.parse({
        sentinel: { master: environment.SKEIN_REDIS_MASTER, nodes: environment.SKEIN_REDIS_SENTINELS!.split(",") },
      });
      expect(bus.sentinel?.nodes).toHaveLength(3);
      const like = cluster.services[name]!;
      for (const key of [
        "image",
        "env_file",
        "healthcheck",
        "stop_grace_period",
        "mem_limit",
        "security_opt",
        "cap_drop",
      ])
        expect((service as unknown as Record<string, unknown>)[key], key).toEqual(like[key]);
    }
    const declared = Object.keys(compose.volumes).sort();
    const used = Object.values(compose.services).flatMap((service) => service.volumes.map((v) => v.split(":")[0]));
    expect([...new Set(used)].sort()).toEqual(declared);
  });
});
