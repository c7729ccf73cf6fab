import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs build script without types
import { gzippedSize } from "../../scripts/build-ui.mjs";

const uiDir = fileURLToPath(new URL("../../dist/ui/", import.meta.url));

// dist/ui is built by test/global-setup.ts (scripts/build.mjs), like dist/cli.js.
describe("the dashboard UI build (dist/ui)", () => {
  const page = readFileSync(`${uiDir}index.html`, "utf8");

  it("weighs under 150 KB gzipped in all", async () => {
    const bytes = (await gzippedSize(uiDir)) as number;
    expect(bytes).toBeGreaterThan(10_000);
    expect(bytes).toBeLessThan(150 * 1024);
  });

  it("has no inline script, style or event handler, so the strict CSP holds", () => {
    expect(page).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
    for (const tag of page.match(/<script[^>]*>[\s\S]*?<\/script>/gi) ?? []) {
      expect(tag).toMatch(/^<script type="module" src="\/assets\/[^"]+"><\/script>$/);
    }
  });

  it("loads hashed assets of its own, nothing from another origin", () => {
    const assets = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.filter((url) => !url.startsWith("data:"))).toEqual([
      expect.stringMatching(/^\/assets\/app-[A-Z0-9]{8}\.css$/),
      expect.stringMatching(/^\/assets\/app-[A-Z0-9]{8}\.js$/),
    ]);
    const files = readdirSync(`${uiDir}assets`);
    for (const url of assets.filter((u) => u.startsWith("/assets/")))
      expect(files).toContain(url.slice("/assets/".length));
    const script = readFileSync(`${uiDir}assets/${files.find((file) => file.endsWith(".js"))}`, "utf8");
    expect(script).not.toMatch(/https?:\/\/(?!www\.w3\.org)[a-z0-9.-]+\.[a-z]{2,}\/[^\s"'`]*\.(js|css)/i);
    expect(script).not.toMatch(/\beval\(|new Function\(/);
  });
});
