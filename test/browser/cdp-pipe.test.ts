import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { cdpPipeTransport } from "../../src/browser/cdp-pipe.js";

describe("the DevTools pipe transport", () => {
  it("writes each message as JSON ended by a NUL byte, and reads messages split or joined across chunks", () => {
    const [toBrowser, fromBrowser] = [new PassThrough(), new PassThrough()];
    const written: string[] = [];
    toBrowser.on("data", (chunk: Buffer) => written.push(chunk.toString()));
    const transport = cdpPipeTransport(toBrowser, fromBrowser);
    const received: object[] = [];
    transport.onmessage = (message) => received.push(message);
    transport.send({ id: 1, method: "Browser.getVersion" });
    expect(written).toEqual(['{"id":1,"method":"Browser.getVersion"}\0']);
    fromBrowser.write('{"id":1,"result":{"product":"Chrom');
    fromBrowser.write('ium/156"}}\0{"method":"Target.attached","params":{"é":true}}\0{"id"');
    fromBrowser.write(":2}\0");
    expect(received).toEqual([
      { id: 1, result: { product: "Chromium/156" } },
      { method: "Target.attached", params: { é: true } },
      { id: 2 },
    ]);
  });

  it("tells Playwright once that it closed, whether the browser's end or Playwright closed it", async () => {
    for (const closer of ["browser", "playwright"] as const) {
      const [toBrowser, fromBrowser] = [new PassThrough(), new PassThrough()];
      const transport = cdpPipeTransport(toBrowser, fromBrowser);
      const reasons: Array<string | undefined> = [];
      transport.onclose = (reason) => reasons.push(reason);
      if (closer === "browser") fromBrowser.destroy();
      else transport.close();
      await new Promise((resolve) => setImmediate(resolve));
      transport.close();
      expect(reasons).toEqual([closer === "browser" ? "the browser's pipe closed" : undefined]);
      transport.send({ id: 3 });
      expect(toBrowser.destroyed).toBe(true);
    }
  });
});
