import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe } from "vitest";
import { DashboardSessionFiles } from "../../src/dashboard/session-files.js";
import { sessionStoreContract } from "./session-store-contract.js";

describe("the dashboard's sessions as files under $SKEIN_HOME/dashboard", () => {
  let home: string;
  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), "skein-dashboard-sessions-"));
  });
  afterAll(async () => {
    await rm(home, { recursive: true, force: true });
  });
  sessionStoreContract(() => ({ store: new DashboardSessionFiles(home), other: new DashboardSessionFiles(home) }));
});
