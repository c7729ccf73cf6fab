import { Api } from "grammy";
import { httpFetch } from "/work/main/src/util/http-fetch.js";

async function run(label: string, call: () => Promise<unknown>, count = 3000) {
  for (let i = 0; i < 300; i++) await call();
  const c0 = process.cpuUsage();
  for (let i = 0; i < count; i++) await call();
  const c = process.cpuUsage(c0);
  console.log(`${label}: ${((c.user + c.system) / 1000 / count).toFixed(3)} ms CPU/call`);
}
const api = new Api("123:abc", { apiRoot: "http://127.0.0.1:18081", fetch: httpFetch as any });
await run("grammy sendMessage", () => api.sendMessage(1, "ok <b>x</b>", { parse_mode: "HTML" }));
await run("grammy sendChatAction", () => api.sendChatAction(1, "typing"));
await run("httpFetch sendMessage", async () => {
  const r = await httpFetch("http://127.0.0.1:18081/bot123:abc/sendMessage", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ chat_id: 1, text: "ok <b>x</b>", parse_mode: "HTML" }),
  });
  return r.json();
});
process.exit(0);
