import { createServer, type Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alice, aliceChat, type ChannelHarness, startChannel } from "./harness.js";

/** A minimal HTTP CONNECT proxy that records the targets it tunnels to. */
async function startProxy(): Promise<{ url: string; targets: string[]; server: Server }> {
  const targets: string[] = [];
  const server = createServer((_request, response) => response.writeHead(405).end());
  server.on("connect", (request, client, head) => {
    targets.push(request.url ?? "");
    const [host, port] = (request.url ?? "").split(":");
    const upstream = connect(Number(port), host, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, targets, server };
}

describe("the Telegram channel behind a proxy", () => {
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let harness: ChannelHarness;
  beforeAll(async () => {
    proxy = await startProxy();
    harness = await startChannel({ proxy: proxy.url });
  });
  afterAll(async () => {
    await harness.close();
    proxy.server.closeAllConnections();
    await new Promise((resolve) => proxy.server.close(resolve));
  });

  it("sends every Bot API call through channels.telegram.proxy", async () => {
    const next = harness.nextInbound();
    harness.fake.userMessage(aliceChat, alice, "via the proxy");
    expect((await next).text).toBe("via the proxy");
    await harness.channel.send({ channel: "telegram", chatId: String(aliceChat.id), text: "answer via the proxy" });
    expect(harness.fake.sent.at(-1)?.visibleText).toBe("answer via the proxy");
    expect(proxy.targets.length).toBeGreaterThan(0);
    expect(new Set(proxy.targets)).toEqual(new Set([new URL(harness.fake.apiRoot).host]));
  });
});
