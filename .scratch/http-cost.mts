import http from "node:http";
import { httpFetch } from "/work/main/src/util/http-fetch.js";

async function run(label: string, call: () => Promise<unknown>, count = 4000) {
  for (let i = 0; i < 400; i++) await call();
  const c0 = process.cpuUsage();
  for (let i = 0; i < count; i++) await call();
  const c = process.cpuUsage(c0);
  console.log(
    `${label}: ${((c.user + c.system) / 1000 / count).toFixed(3)} ms CPU/call (user ${(c.user / 1000 / count).toFixed(3)}, sys ${(c.system / 1000 / count).toFixed(3)})`,
  );
}
const body = JSON.stringify({ chat_id: 1, text: "ok", parse_mode: "HTML" });
const agent = new http.Agent({ keepAlive: true });
const raw = () =>
  new Promise((resolve, reject) => {
    const req = http.request(
      "http://127.0.0.1:18081/bot1:a/sendMessage",
      {
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve(JSON.parse(Buffer.concat(chunks).toString())));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
for (let k = 0; k < 2; k++) {
  await run("raw http.request", raw);
  await run("httpFetch + json()", async () =>
    (
      await httpFetch("http://127.0.0.1:18081/bot1:a/sendMessage", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      })
    ).json(),
  );
}
process.exit(0);
