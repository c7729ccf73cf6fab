import OpenAI from "openai";
import type { ChatMessage } from "/work/main/src/providers/provider.js";
import { httpFetch } from "/work/main/src/util/http-fetch.js";

const history: ChatMessage[] = [{ role: "system", content: "You are a helpful agent. ".repeat(40) }];
for (let i = 0; i < 300; i++)
  history.push(
    { role: "user", content: `[Mon 2026-12-01 10:00 UTC] message ${i}` },
    { role: "assistant", content: "ok" },
  );
async function run(label: string, call: () => Promise<unknown>, count = 2000) {
  for (let i = 0; i < 200; i++) await call();
  const c0 = process.cpuUsage();
  for (let i = 0; i < count; i++) await call();
  const c = process.cpuUsage(c0);
  console.log(`${label}: ${((c.user + c.system) / 1000 / count).toFixed(3)} ms CPU/call`);
}
const client = new OpenAI({
  apiKey: "sk",
  baseURL: "http://127.0.0.1:18080/v1",
  fetch: httpFetch as any,
  maxRetries: 2,
});
await run("raw sdk create stream", async () => {
  const s = await client.chat.completions.create({
    model: "m",
    messages: history as any,
    stream: true,
    stream_options: { include_usage: true },
  });
  let t = "";
  for await (const c of s) t += c.choices[0]?.delta?.content ?? "";
  return t;
});
const pieces = history.map((m) => JSON.stringify(m));
await run("raw sdk post prebuilt string body", async () => {
  const body = `{"model":"m","stream":true,"stream_options":{"include_usage":true},"messages":[${pieces.join(",")}]}`;
  const s: any = await client.post("/chat/completions", {
    body,
    headers: { "content-type": "application/json" },
    stream: true,
  } as any);
  let t = "";
  for await (const c of s) t += c.choices[0]?.delta?.content ?? "";
  return t;
});
await run(
  "raw sdk create non-stream",
  async () => {
    const r = await client.chat.completions.create({ model: "m", messages: history as any });
    return r;
  },
  0,
);
process.exit(0);
