import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserState } from "../../src/browser/find-chromium.js";

let bin: string;
beforeAll(async () => {
  bin = await mkdtemp(join(tmpdir(), "skein-chromium-path-"));
  for (const name of ["chromium-browser", "google-chrome"]) {
    await writeFile(join(bin, name), "#!/bin/sh\n");
    await chmod(join(bin, name), 0o755);
  }
  await writeFile(join(bin, "chromium"), "not executable");
});
afterAll(() => rm(bin, { recursive: true, force: true }));

describe("whether the browser is on (tools.browser.enabled and executable)", () => {
  it("is on with the first Chromium found on PATH when nothing is set", () => {
    expect(browserState({}, `/nonexistent:${bin}`)).toEqual({ on: true, executable: join(bin, "chromium-browser") });
  });

  it("takes tools.browser.executable by path or by name", () => {
    expect(browserState({ executable: join(bin, "google-chrome") }, "")).toMatchObject({ on: true });
    expect(browserState({ executable: "google-chrome" }, bin)).toEqual({
      on: true,
      executable: join(bin, "google-chrome"),
    });
  });

  it("is off, saying why, without a Chromium or when switched off; switched on without one, it says what is missing", () => {
    expect(browserState({}, "/nonexistent")).toEqual({
      on: false,
      reason: "no Chromium found (looked for chromium, chromium-browser, google-chrome on PATH)",
    });
    expect(browserState({ enabled: false }, bin)).toEqual({ on: false, reason: "tools.browser.enabled is false" });
    expect(browserState({ enabled: true, executable: "/nonexistent/chrome" }, bin)).toEqual({
      on: true,
      executable: undefined,
      reason: "tools.browser.executable (/nonexistent/chrome) is not a program that can run here",
    });
  });
});
