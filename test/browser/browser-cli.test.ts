import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentText } from "../fakes/fake-openai.js";
import { alice, bob, chatOf, SECRETS, SkeinUnderAttack } from "../security/skein-under-attack.js";
import { browserMissing, chromiumPath, launchBrowser } from "../support/browser.js";
import { bwrapWorks } from "../support/bwrap-works.js";
import { DashboardClient, loginUrlIn, skeinDashboard } from "../support/dashboard-client.js";
import { environmentOf, goneWithin, liveProcesses, processesOf } from "./browser-processes.js";
import { startTestSite, type TestSite } from "./test-pages.js";

/**
 * The `browser` tool through the built CLI with Debian's Chromium, in bubblewrap, on pages of a site on this
 * machine's loopback (`tools.browser.allow_private: true`; the guard's own tests are in browser-guard-cli).
 * One daemon; Chromium starts three times (Alice's, Bob's, Alice's again after her close).
 */
const skip = browserMissing() ?? (bwrapWorks() ? undefined : "bubblewrap does not run here");

let skein: SkeinUnderAttack;
let site: TestSite;

beforeAll(async () => {
  if (skip) return;
  site = await startTestSite();
  skein = await SkeinUnderAttack.start({ tools: { browser: { allow_private: true, executable: chromiumPath } } });
}, 60_000);

afterAll(async () => {
  await skein?.close();
  await site?.close();
});

/** One browser action as `from` asks for it: its text, or `{error}`. */
const browse = (args: Record<string, unknown>, from = alice) => skein.callTool("browser", args, from);
const text = async (args: Record<string, unknown>, from = alice) => {
  const result = await browse(args, from);
  expect(result.error, JSON.stringify(result)).toBeUndefined();
  return String(result.text);
};
/** The reference the snapshot gives the element with this role and name. */
const refOf = (snapshot: string, element: string) => {
  const escaped = element.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const found = new RegExp(`${escaped}(?: \\[[a-z]+(?:=[^\\]]*)?\\])*? \\[ref=(e\\d+)\\]`).exec(snapshot);
  expect(found, `${element} in:\n${snapshot}`).not.toBeNull();
  return found![1]!;
};
/** The folder of the browser the daemon started for `sessionKey`, from its log line. */
const browserFolder = (sessionKey: string, nth = 1): string => {
  const lines = skein.skein
    .stderr()
    .split("\n")
    .filter((line) => line.includes('"msg":"browser started"') && line.includes(`"sessionKey":"${sessionKey}"`));
  return String((JSON.parse(lines[nth - 1]!) as { profile: string }).profile);
};

describe.skipIf(skip)(
  `the browser tool, through the built CLI with the real Chromium${skip ? ` (skipped: ${skip})` : ""}`,
  () => {
    it("opens a page and snapshots it: its title and URL, then each element with a reference, its role and its name", async () => {
      expect(await text({ action: "navigate", url: `${site.url}/` })).toBe(
        `Opened ${site.url}/ (HTTP 200): "Home". Take a snapshot to see it.`,
      );
      const snapshot = await text({ action: "snapshot" });
      expect(snapshot.startsWith(`Title: Home\nURL: ${site.url}/\n`)).toBe(true);
      // The page as a person sees it: what its script built is there.
      expect(snapshot).toContain("yes, by JavaScript");
      for (const element of ['link "Next page"', 'textbox "Search words"', 'button "Search"'])
        expect(snapshot).toMatch(new RegExp(`- ${element} \\[ref=e\\d+\\]`));
    });

    it("clicks a link and goes back, each waiting for the page it leads to", async () => {
      const home = await text({ action: "snapshot" });
      expect(await text({ action: "click", ref: refOf(home, 'link "Next page"') })).toBe(
        `click; now at ${site.url}/next ("Next"). Take a snapshot to see it.`,
      );
      expect(await text({ action: "snapshot" })).toContain('heading "The next page"');
      expect(await text({ action: "back" })).toBe(
        `went back; now at ${site.url}/ ("Home"). Take a snapshot to see it.`,
      );
      expect(await text({ action: "snapshot" })).toContain("Title: Home");
    });

    it("types into a field without submitting, with submit, and presses Enter on the focused field", async () => {
      let snapshot = await text({ action: "snapshot" });
      expect(await text({ action: "type", ref: refOf(snapshot, 'textbox "Search words"'), text: "hello" })).toBe(
        `typed; the page did not change (${site.url}/ ("Home"))`,
      );
      expect(await text({ action: "snapshot" })).toContain('textbox "Search words"');
      expect(site.requests.filter((request) => request.includes("/search"))).toEqual([]);

      snapshot = await text({ action: "snapshot" });
      const submitted = await text({
        action: "type",
        ref: refOf(snapshot, 'textbox "Search words"'),
        text: "kittens",
        submit: true,
      });
      expect(submitted).toBe(
        `typed and submitted; now at ${site.url}/search?q=kittens ("Results for kittens"). Take a snapshot to see it.`,
      );

      await text({ action: "back" });
      snapshot = await text({ action: "snapshot" });
      await text({ action: "type", ref: refOf(snapshot, 'textbox "Search words"'), text: "puppies" });
      expect(await text({ action: "press", key: "Enter" })).toBe(
        `pressed; now at ${site.url}/search?q=puppies ("Results for puppies"). Take a snapshot to see it.`,
      );
    });

    it("says references come from a snapshot, and which one is unknown, at once", async () => {
      await text({ action: "navigate", url: `${site.url}/` });
      expect(await browse({ action: "click", ref: "e2" })).toEqual({
        error: "invalid arguments: take a snapshot first: references come from the latest snapshot of this page",
      });
      await text({ action: "snapshot" });
      expect(await browse({ action: "click", ref: "e9999" })).toEqual({
        error: "invalid arguments: e9999 is not in the latest snapshot of this page: take a new snapshot",
      });
      expect(await browse({ action: "click", ref: "button Go" })).toEqual({
        error: 'invalid arguments: "button Go" is not an element reference (they look like e12)',
      });
      expect(await browse({ action: "type", ref: "e2" })).toEqual({
        error: 'invalid arguments: action "type" needs "text"',
      });
    });

    it("carries a screenshot to the model's next request as an image input", async () => {
      const before = skein.model.requests.length;
      await skein.say(alice, `tool ${JSON.stringify({ name: "browser", arguments: { action: "screenshot" } })}`);
      const said = (message: { content?: unknown }) =>
        contentText(message.content as string).startsWith("Screenshot of");
      const request = skein.model.requests
        .slice(before)
        .find((candidate) => candidate.body.messages.some((message) => message.role === "tool" && said(message)))!;
      const { messages } = request.body;
      const toolAt = messages.findIndex((message) => message.role === "tool" && said(message));
      expect(contentText(messages[toolAt]!.content)).toMatch(/^Screenshot of .*1280x800 PNG: the image follows\.$/);
      const carried = messages[toolAt + 1]!;
      expect(carried.role).toBe("user");
      const parts = carried.content as Array<{ type: string; image_url?: { url: string } }>;
      const url = parts.find((part) => part.type === "image_url")?.image_url?.url ?? "";
      expect(url.startsWith("data:image/png;base64,")).toBe(true);
      const png = Buffer.from(url.slice("data:image/png;base64,".length), "base64");
      expect(png.subarray(1, 4).toString()).toBe("PNG");
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1280, 800]);
    });

    it("shows a conversation's open browser (its URL and title) and its latest screenshot on the dashboard's page of it", async () => {
      const shown = await text({ action: "snapshot" });
      const [url, title] = [/^URL: (.*)$/m.exec(shown)![1], /^Title: (.*)$/m.exec(shown)![1]];
      const dashboard = await DashboardClient.login(skein.home);
      const listed = await dashboard.get<{ browsers: Array<Record<string, string>> }>("/api/browsers");
      expect(listed.body.browsers).toEqual([expect.objectContaining({ key: "telegram:111", url, title })]);
      const one = await dashboard.get(`/api/browsers/${encodeURIComponent("telegram:111")}`);
      expect(one.body).toMatchObject({
        url,
        title,
        screenshot: expect.stringMatching(/^data:image\/png;base64,iVBOR/),
      });
      expect((await dashboard.get(`/api/browsers/${encodeURIComponent("telegram:222")}`)).status).toBe(404);

      // As the operator sees it: the conversation's page shows the browser above the transcript.
      const operator = await launchBrowser();
      try {
        const login = loginUrlIn((await skeinDashboard(skein.home)).stdout);
        await operator.page.goto(login.href);
        await operator.page.getByRole("heading", { name: "Overview" }).waitFor();
        await operator.page.goto(`${login.origin}/#/conversations/${encodeURIComponent("telegram:111")}`);
        const panel = operator.page.getByRole("region", { name: "Open browser" });
        await panel.getByRole("img", { name: `The latest screenshot of ${title}` }).waitFor();
        expect(await panel.textContent()).toContain(url);
        expect(operator.errors).toEqual([]);
      } finally {
        await operator.close();
      }
    });

    it("refuses evaluate and javascript: URLs while tools.browser.evaluate is off", async () => {
      for (const args of [
        { action: "evaluate", expression: "document.cookie" },
        { action: "navigate", url: "javascript:document.title='owned'" },
      ])
        expect(await browse(args)).toEqual({
          error:
            "permission denied: running JavaScript in the page is off (tools.browser.evaluate is false); " +
            "a javascript: URL runs code too",
        });
      expect(await text({ action: "snapshot" })).not.toContain("owned");
    });

    it("runs every browser process as the daemon's descendant, with its profile under $SKEIN_HOME and no secret of the daemon's in its environment or command line", async () => {
      const folder = browserFolder("telegram:111");
      expect(folder.startsWith(join(skein.home, "browser/"))).toBe(true);
      const processes = processesOf(`--user-data-dir=${folder}/profile`);
      expect(processes.filter((info) => info.commandLine.includes("chromium")).length).toBeGreaterThan(2);
      const parents = new Map(liveProcesses().map((info) => [info.pid, info.parent]));
      const descends = (pid: number): boolean =>
        pid === skein.skein.child.pid || (pid > 1 && descends(parents.get(pid) ?? 0));
      expect(processes.filter((info) => !descends(info.pid)).map((info) => info.commandLine)).toEqual([]);
      for (const info of processes) {
        const seen = `${info.commandLine}\n${environmentOf(info.pid)}`;
        expect(
          Object.values(SECRETS).filter((secret) => seen.includes(secret)),
          `pid ${info.pid}`,
        ).toEqual([]);
      }
      // Not the user's own profile: nothing of the browser's in the daemon's HOME.
      expect(existsSync(join(skein.home, ".config", "chromium"))).toBe(false);
    });

    it("saves downloads into the workspace's inbox/browser/ only, under a safe name", async () => {
      await text({ action: "navigate", url: `${site.url}/downloads` });
      const snapshot = await text({ action: "snapshot" });
      // The answer of the first action after the download completed says where it is.
      let said = await text({ action: "click", ref: refOf(snapshot, 'link "Get the report"') });
      for (let tries = 0; !said.includes("Downloaded") && tries < 50; tries++)
        said = await text({ action: "snapshot" });
      const inbox = join(skein.workspace, "inbox", "browser");
      const name = `${new Date().toISOString().slice(0, 10)}-report.txt`;
      expect(said).toContain(`Downloaded inbox/browser/${name} (21 bytes) from ${site.url}/report.txt`);
      expect(await readdir(inbox)).toEqual([name]);
      expect(await readFile(join(inbox, name), "utf8")).toBe("the quarterly report\n");
      expect(existsSync(join(skein.workspace, "evil"))).toBe(false);
      expect(existsSync(join(skein.home, "Downloads"))).toBe(false);
    });

    it("gives two chats two browsers with separate cookies", async () => {
      await text({ action: "navigate", url: `${site.url}/cookie/set?v=alice` });
      await text({ action: "navigate", url: `${site.url}/cookie/show` });
      expect(await text({ action: "snapshot" })).toContain("cookie: who=alice");
      await text({ action: "navigate", url: `${site.url}/cookie/show` }, bob);
      expect(await text({ action: "snapshot" }, bob)).toContain("cookie: none");
      expect(browserFolder("telegram:222")).not.toBe(browserFolder("telegram:111"));
    });

    it("closes a browser on its close action within 10 s, and on /new within 15 s", async () => {
      const alices = processesOf(browserFolder("telegram:111")).map((info) => info.pid);
      const asked = Date.now();
      expect(await text({ action: "close" })).toBe("The browser is closed: its pages and cookies are gone.");
      expect(Date.now() - asked + (await goneWithin(alices, 10_000, "Alice's browser after close"))).toBeLessThan(
        10_000,
      );

      const bobs = processesOf(browserFolder("telegram:222")).map((info) => info.pid);
      expect(bobs.length).toBeGreaterThan(2);
      skein.telegram.userMessage(chatOf(bob), bob, "/new");
      await goneWithin(bobs, 15_000, "Bob's browser after /new");
      await skein.skein.waitFor('"why":"/new","msg":"browser closed"');
      expect(existsSync(browserFolder("telegram:222"))).toBe(false);
    });

    it("ends every browser process within 3 s of the daemon's exit", async () => {
      await text({ action: "navigate", url: `${site.url}/` });
      const pids = processesOf(browserFolder("telegram:111", 2)).map((info) => info.pid);
      expect(pids.length).toBeGreaterThan(2);
      await skein.skein.stop();
      await goneWithin(pids, 3_000, "the browser after the daemon's exit");
    });
  },
);
