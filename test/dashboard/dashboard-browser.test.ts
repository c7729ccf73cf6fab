import type { Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alice, chatOf, mallory, SECRETS, SkeinUnderAttack } from "../security/skein-under-attack.js";
import { browserMissing, launchBrowser, openPage, type TestBrowser } from "../support/browser.js";
import { loginUrlIn, skeinDashboard } from "../support/dashboard-client.js";

const missing = browserMissing();

// The dashboard as the operator uses it: the built CLI with fake Telegram and a fake model, one Chromium, one
// daemon for the file, the behaviours in sequence (each builds on the session the first one opened).
describe.skipIf(missing)(
  `the dashboard in Chromium against skein start${missing ? ` (skipped: ${missing})` : ""}`,
  () => {
    let skein: SkeinUnderAttack;
    let browser: TestBrowser;
    let page: Page;
    let loginUrl: URL;
    /** Every answer the browser received: its URL and body, for the secret crawl. */
    const answers: { url: string; body: string }[] = [];

    beforeAll(async () => {
      [skein, browser] = await Promise.all([
        SkeinUnderAttack.start({ tools: { approval: "ask", exec: { sandbox: "none" } } }),
        launchBrowser(),
      ]);
      page = browser.page;
      page.on("response", (response: Response) => {
        if (response.headers()["content-type"]?.includes("event-stream")) return;
        response.text().then(
          (body) => answers.push({ url: response.url(), body }),
          () => undefined,
        );
      });
    }, 90_000);

    afterAll(async () => {
      await browser?.close();
      await skein?.close();
    });

    const open = (name: string) => openPage(page, name);

    it("logs in with the one-time URL from `skein dashboard`, which does not work twice", async () => {
      loginUrl = loginUrlIn((await skeinDashboard(skein.home)).stdout);
      await page.goto(loginUrl.href);
      await page.getByRole("heading", { name: "Overview" }).waitFor();
      await page.getByText("live", { exact: true }).waitFor();
      await page.getByRole("heading", { name: "Sub-agents" }).waitFor();
      await page.getByText("No sub-agent is running.").waitFor();

      const again = await browser.context.newPage();
      const answer = await again.goto(loginUrl.href);
      expect(answer?.status()).toBe(401);
      expect(await again.textContent("body")).toContain("skein dashboard");
      await again.close();
    });

    it("shows a Telegram message arriving live in Conversations", async () => {
      await open("Conversations");
      skein.telegram.userMessage(chatOf(alice), alice, "hello from telegram");
      await page.getByRole("link", { name: /hello from telegram/ }).click({ timeout: 20_000 });
      const transcript = page.getByRole("article", { name: "Transcript" });
      await transcript.getByText("hello from telegram", { exact: true }).waitFor();
      await transcript.getByText("echo: hello from telegram").waitFor();
    });

    it("sends a web-chat message and shows the reply streamed in, with its tool status line", async () => {
      await open("Chat");
      await page.getByLabel("Message").fill("hello from the web");
      await page.getByRole("button", { name: "Send" }).click();
      await page.getByText("echo: hello from the web").waitFor({ timeout: 20_000 });

      // The reply being written lasts as long as the tool: record every state of it the page shows.
      await page.evaluate(`(() => {
        window.streamed = [];
        new MutationObserver(() => {
          for (const reply of document.querySelectorAll(".streaming")) window.streamed.push(reply.textContent);
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      })()`);
      const call = { name: "list_directory", arguments: { path: "." } };
      await page.getByLabel("Message").fill(`tool ${JSON.stringify(call)}`);
      await page.getByRole("button", { name: "Send" }).click();
      await page.locator("details.tool-call", { hasText: "list_directory" }).waitFor({ timeout: 20_000 });
      await page
        .locator(".message.assistant", { hasText: /^assistant.*done$/ })
        .last()
        .waitFor({ timeout: 20_000 });
      const streamed = (await page.evaluate("window.streamed")) as string[];
      expect(streamed.some((text) => text.includes("list_directory"))).toBe(true);
      expect(await page.locator(".streaming").count()).toBe(0);
    });

    it("approves a pending exec_shell call and sees it run", async () => {
      await open("Approvals");
      const call = { name: "exec_shell", arguments: { command: "echo ran-after-approval" } };
      const before = skein.model.requests.length;
      skein.telegram.userMessage(chatOf(alice), alice, `tool ${JSON.stringify(call)}`);
      const pending = page.locator("pre.arguments");
      await pending.waitFor({ timeout: 20_000 });
      expect(await pending.textContent()).toBe("command: echo ran-after-approval");
      await page.getByRole("button", { name: "Approve once" }).click();
      const toolResults = () =>
        skein.model.requests
          .slice(before)
          .flatMap((request) => request.body.messages.filter((message) => message.role === "tool"))
          .map((message) => String(message.content));
      await expect
        .poll(() => toolResults().some((result) => result.includes('"stdout":"ran-after-approval\\n"')), {
          timeout: 20_000,
        })
        .toBe(true);
      await page.getByText("No decision yet.").waitFor({ state: "detached" });
    });

    it("approves a pairing code and the stranger is answered", async () => {
      await open("Pairing");
      skein.telegram.userMessage(chatOf(mallory), mallory, "let me in");
      const approve = page.getByRole("button", { name: /^Approve / });
      await approve.click({ timeout: 20_000 });
      await page.getByText("No pairing code waits.").waitFor();
      const before = skein.telegram.sent.length;
      skein.telegram.userMessage(chatOf(mallory), mallory, "now?");
      await expect
        .poll(async () => (await skein.telegram.waitForSent(before + 1)).slice(before).map((sent) => sent.text), {
          timeout: 20_000,
        })
        .toContain("echo: now?");
    });

    it("removes a scheduled job", async () => {
      const job = { action: "add", name: "dashboard-test-job", text: "ping", every: 3600 };
      await skein.callTool("schedule", job);
      await open("Schedules");
      await page.getByRole("button", { name: "Remove dashboard-test-job" }).click();
      await page.getByText("No scheduled job.").waitFor();
    });

    it("charts the day's tokens on the Usage page", async () => {
      await open("Usage");
      await page.locator(".chart-plot canvas").waitFor();
      const today = new Date().toISOString().slice(0, 10);
      await page.locator("tr", { hasText: today }).first().waitFor();
    });

    it("shows no secret of the config in any page or API answer", async () => {
      for (const name of [
        "Overview",
        "Conversations",
        "Chat",
        "Approvals",
        "Pairing",
        "Schedules",
        "Usage",
        "Logs",
        "Config",
      ]) {
        await open(name);
        await page.waitForLoadState("networkidle");
        answers.push({ url: `page:${name}`, body: await page.content() });
      }
      const api = [
        "session",
        "overview",
        "conversations",
        "approvals",
        "pairing",
        "schedules",
        "usage?days=30",
        "logs",
      ];
      for (const path of [...api, "config", "chat/conversations"].map((name) => `/api/${name}`)) {
        const answer = await page.request.get(new URL(path, loginUrl).href);
        answers.push({ url: path, body: await answer.text() });
      }
      expect(answers.length).toBeGreaterThan(20);
      for (const secret of [...Object.values(SECRETS), skein.telegram.token]) {
        expect(answers.filter((answer) => answer.body.includes(secret)).map((answer) => answer.url)).toEqual([]);
      }
    });
  },
);
