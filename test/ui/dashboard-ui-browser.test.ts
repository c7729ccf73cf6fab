import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeDashboard, startFakeDashboard } from "../fakes/fake-dashboard.js";
import { browserMissing, launchBrowser, openPage, screenshot, type TestBrowser } from "../support/browser.js";
import { dashboardAnswers } from "./dashboard-data.js";

const uiDir = fileURLToPath(new URL("../../dist/ui/", import.meta.url));
const missing = browserMissing();

// The browser UI against the API contract served from memory (test/fakes/fake-dashboard.ts): one Chromium,
// one fake, the pages in sequence. test/dashboard/ drives the same UI against the real daemon.
describe.skipIf(missing)(`the dashboard UI in Chromium${missing ? ` (skipped: ${missing})` : ""}`, () => {
  let fake: FakeDashboard;
  let browser: TestBrowser;
  let page: Page;

  beforeAll(async () => {
    fake = await startFakeDashboard(uiDir);
    for (const [path, answer] of dashboardAnswers(Date.now())) fake.state.set(path, answer);
    browser = await launchBrowser();
    page = browser.page;
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await fake?.close();
  });

  const open = (name: string) => openPage(page, name);

  it("asks to run `skein dashboard` on the host before a login", async () => {
    await page.goto(fake.url);
    await page.getByText("run skein dashboard on the host to log in").waitFor();
  });

  it("logs in with the one-time URL and lands on the Overview with its channels and charts", async () => {
    await page.goto(fake.loginUrl);
    await page.getByRole("heading", { name: "Overview" }).waitFor();
    await page.getByText("bubblewrap").waitFor();
    await page.getByText("gateway closed (4000), next try in 8 s").waitFor();
    await expect.poll(() => page.locator(".chart-plot canvas").count()).toBe(2);
    await page.getByText("live", { exact: true }).waitFor();
    await screenshot(page, "overview");
  });

  it("shows a conversation's tool call collapsed, with its arguments and result", async () => {
    await open("Conversations");
    await page.getByRole("link", { name: /Ada Lovelace/ }).click();
    const call = page.locator("details.tool-call");
    await call.getByText("exec_shell").waitFor();
    expect(await call.getAttribute("open")).toBeNull();
    await call.locator("summary").click();
    await call.getByText('"command": "df -h /"').waitFor();
    await call.getByText("/dev/sda1").waitFor();
    await page.locator(".markdown strong", { hasText: "80% full" }).waitFor();
    await screenshot(page, "conversations");
  });

  it("adds a conversation live when the daemon says one changed, and searches message texts", async () => {
    const list = fake.state.get("/api/conversations") as { conversations: unknown[] };
    list.conversations.push({
      key: "discord:77",
      channel: "discord",
      chat_id: "77",
      agent: "main",
      title: "Linus on Discord",
      last_activity: new Date().toISOString(),
      message_count: 1,
    });
    fake.emit("conversation", { key: "discord:77" });
    await page.getByRole("link", { name: /Linus on Discord/ }).waitFor();

    await page.getByRole("searchbox").fill("disk");
    await expect.poll(() => fake.gets.some((path) => path.startsWith("/api/conversations?q=disk"))).toBe(true);
  });

  it("sends a web-chat message with the CSRF token and renders the streamed reply's Markdown as text only", async () => {
    fake.onSend("POST /api/chat", () => ({ conversation: "w1", message_id: "m9" }));
    await open("Chat");
    await page.getByRole("link", { name: /Release notes draft/ }).click();
    await page.getByText("one agent in").waitFor();
    await page.getByLabel("Message").fill("Summarise <b>this</b>");
    await page.getByRole("button", { name: "Send" }).click();
    await expect
      .poll(() => fake.requests.find((request) => request.path === "/api/chat"))
      .toMatchObject({
        body: { conversation: "w1", text: "Summarise <b>this</b>" },
        csrf: expect.stringMatching(/^[0-9a-f]{32}$/),
      });

    fake.emit("chat", { conversation: "w1", kind: "status", text: "web_fetch https://example.com" });
    fake.emit("chat", { conversation: "w1", kind: "delta", text: "Draft that was rewritten" });
    fake.emit("chat", { conversation: "w1", kind: "delta", text: "Here is ", reset: true });
    fake.emit("chat", { conversation: "w1", kind: "delta", text: "**the gist** <img src=x onerror=alert(1)>" });
    fake.emit("chat", { conversation: "w1", kind: "delta", text: " and [a link](javascript:alert(2))." });
    const reply = page.locator(".streaming");
    await reply.getByText("web_fetch https://example.com").waitFor();
    await reply.locator("strong", { hasText: "the gist" }).waitFor();
    await reply.getByText("<img src=x onerror=alert(1)>", { exact: false }).waitFor();
    expect(await reply.locator("img").count()).toBe(0);
    expect(await reply.locator("a").count()).toBe(0);
    expect(await reply.textContent()).not.toContain("rewritten");
    await screenshot(page, "chat");

    (fake.state.get("/api/chat/w1") as { messages: unknown[] }).messages.push(
      { role: "user", text: "Summarise <b>this</b>" },
      { role: "assistant", text: "Here is **the gist**, final." },
    );
    fake.emit("chat", { conversation: "w1", kind: "final", text: "Here is **the gist**, final." });
    await page.getByText("final.").waitFor();
    expect(await page.locator(".streaming").count()).toBe(0);
  });

  it("shows a new conversation's whole reply when it streams in and ends before the send is answered", async () => {
    fake.state.set("/api/chat/w2", {
      messages: [
        { role: "user", text: "quick one" },
        { role: "assistant", text: "Answered before the POST returned." },
      ],
    });
    fake.onSend("POST /api/chat", async () => {
      fake.emit("chat", { conversation: "w2", kind: "status", text: "list_directory ." });
      fake.emit("chat", { conversation: "w2", kind: "delta", text: "Answered before" });
      fake.emit("chat", { conversation: "w2", kind: "final", text: "Answered before the POST returned." });
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { conversation: "w2", message_id: "m10" };
    });
    await open("Chat");
    await page.getByRole("button", { name: "New conversation" }).click();
    await page.getByLabel("Message").fill("quick one");
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText("Answered before the POST returned.").waitFor();
    await expect.poll(() => page.evaluate("location.hash")).toBe("#/chat/w2");
    await page.waitForTimeout(300);
    expect(await page.locator(".streaming").count()).toBe(0);
    expect(await page.locator(".pending-user").count()).toBe(0);
  });

  it("counts the pending approvals and pairing codes in the nav, and moves the focus to the page opened", async () => {
    const nav = page.getByRole("navigation", { name: "Pages" });
    await nav.getByRole("link", { name: "Approvals 1 waiting" }).waitFor();
    await nav.getByRole("link", { name: "Pairing 1 waiting" }).waitFor();
    await open("Approvals");
    expect(await page.locator("main").evaluate((main) => main.ownerDocument.activeElement === main)).toBe(true);
  });

  it("attaches a file to the open web-chat conversation, named in X-File-Name", async () => {
    const file = { name: "notes é.txt", mimeType: "text/plain", buffer: Buffer.from("twelve bytes") };
    await open("Chat");
    await page.getByRole("link", { name: /Release notes draft/ }).click();
    // The conversation is open once its transcript shows: a file attached before goes to a new conversation.
    await page.getByText("one agent in").waitFor();
    await page.locator('.composer input[type="file"]').setInputFiles(file);
    await page.getByText("attached: notes é.txt").waitFor();
    expect(fake.requests.find((request) => request.path.startsWith("/api/chat/files"))).toMatchObject({
      method: "POST",
      path: "/api/chat/files?conversation=w1",
      body: { bytes: 12, name: encodeURIComponent("notes é.txt") },
      csrf: expect.any(String),
    });
  });

  it("shows a pending call's exact arguments and approves it once", async () => {
    await open("Approvals");
    const pre = page.locator("pre.arguments");
    expect(await pre.textContent()).toBe('command: rm -rf ./build && make release\ncwd: "/srv/app"');
    await screenshot(page, "approvals");
    await page.getByRole("button", { name: "Approve once" }).click();
    await expect
      .poll(() => fake.requests.find((request) => request.path === "/api/approvals/ap-7"))
      .toMatchObject({ method: "POST", body: { decision: "once" }, csrf: expect.any(String) });
  });

  it("approves a pairing code and revokes an approved sender", async () => {
    await open("Pairing");
    await page.getByText("Grace Hopper (5550123)").waitFor();
    await screenshot(page, "pairing");
    await page.getByRole("button", { name: "Approve K7QX-93ZD" }).click();
    await page.getByRole("button", { name: "Revoke U02ABCDEF" }).click();
    await expect
      .poll(() =>
        fake.requests.filter((request) => request.path.startsWith("/api/pairing/")).map((r) => [r.path, r.body]),
      )
      .toEqual([
        ["/api/pairing/approve", { channel: "telegram", code: "K7QX-93ZD" }],
        ["/api/pairing/revoke", { channel: "slack", sender: "U02ABCDEF" }],
      ]);
  });

  it("runs a scheduled job now and removes one, and the list follows the daemon's event", async () => {
    await open("Schedules");
    await page.getByText("0 8 * * 1-5").waitFor();
    await screenshot(page, "schedules");
    await page.getByRole("button", { name: "Run disk check now" }).click();
    await page.getByRole("button", { name: "Remove morning digest" }).click();
    await expect
      .poll(() =>
        fake.requests.filter((request) => request.path.startsWith("/api/schedules/")).map((r) => r.method + r.path),
      )
      .toEqual(["POST/api/schedules/job-2/run", "DELETE/api/schedules/job-1"]);
    const jobs = fake.state.get("/api/schedules") as { jobs: { id: string }[] };
    jobs.jobs = jobs.jobs.filter((job) => job.id !== "job-1");
    fake.emit("schedules");
    await expect.poll(() => page.getByText("morning digest").count()).toBe(0);
  });

  it("charts the tokens per day by model, shows today's budget, and - as the cost of an unpriced model", async () => {
    await open("Usage");
    await page.locator(".chart-plot canvas").waitFor();
    await page.getByText("gpt-4.1-mini").first().waitFor();
    await page.getByText("daily tokens: 40,680 of 500,000 tokens").waitFor();
    // An unpriced model costs `-`, not 0.0000 with no currency.
    const unpriced = page.locator("tr", { hasText: "llama3" }).locator("td.number").last();
    expect(await unpriced.textContent()).toBe("-");
    await screenshot(page, "usage");
  });

  it("tails the log live and filters it by level", async () => {
    await open("Logs");
    await page.getByText("turn finished").waitFor();
    fake.emit("log", { time: new Date().toISOString(), level: "info", msg: "pairing approved", channel: "telegram" });
    await page.getByText("pairing approved").waitFor();
    await screenshot(page, "logs");
    await page.getByLabel("Level").selectOption("warn");
    await expect.poll(() => fake.gets.includes("/api/logs?level=warn&limit=500")).toBe(true);
    fake.emit("log", { time: new Date().toISOString(), level: "debug", msg: "noise below the filter" });
    fake.emit("log", { time: new Date().toISOString(), level: "error", msg: "model timed out" });
    await page.getByText("model timed out").waitFor();
    expect(await page.getByText("noise below the filter").count()).toBe(0);
  });

  it("shows secrets in the config as dots with their source", async () => {
    await open("Config");
    const row = page.locator("tr", { hasText: "providers.openai.api_key" });
    await row.waitFor();
    expect((await row.locator("td").allTextContents()).slice(1)).toEqual(["••••", "env"]);
    await page.getByText("lacks the Message Content intent").waitFor();
    await screenshot(page, "config");
  });

  it("loads every page under the strict CSP without a script error", () => {
    // Responses refused on purpose (the 401s before the login) are logged too: only script and CSP errors count.
    expect(browser.errors.filter((error) => !error.startsWith("Failed to load resource"))).toEqual([]);
  });

  it("shows the login page as soon as the session ends, and the spent login URL is refused", async () => {
    fake.expireSessions();
    await page.getByText("run skein dashboard on the host to log in").waitFor();
    const again = await page.goto(fake.loginUrl);
    expect(again?.status()).toBe(401);
  });
});
