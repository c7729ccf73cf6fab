import type { Duplex } from "node:stream";
import type { ConnectOverCDPTransport } from "playwright-core";

/**
 * The DevTools protocol over Chromium's `--remote-debugging-pipe`: JSON messages, each ended by a NUL byte,
 * written to the browser's descriptor 3 and read from its descriptor 4. Playwright connects over it
 * (`chromium.connectOverCDP(transport)`), so no debugging port is ever open.
 */
export function cdpPipeTransport(toBrowser: Duplex, fromBrowser: Duplex): ConnectOverCDPTransport {
  let pending: Buffer[] = [];
  let closed = false;
  const end = (reason?: string) => {
    if (closed) return;
    closed = true;
    toBrowser.destroy();
    fromBrowser.destroy();
    transport.onclose?.(reason);
  };
  const transport: ConnectOverCDPTransport = {
    send(message) {
      if (!closed && toBrowser.writable) toBrowser.write(`${JSON.stringify(message)}\0`);
    },
    close: () => end(),
  };
  fromBrowser.on("data", (chunk: Buffer) => {
    let start = 0;
    for (let end = chunk.indexOf(0); end !== -1; end = chunk.indexOf(0, start)) {
      pending.push(chunk.subarray(start, end));
      const text = Buffer.concat(pending).toString("utf8");
      pending = [];
      start = end + 1;
      transport.onmessage?.(JSON.parse(text) as object);
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  });
  fromBrowser.once("close", () => end("the browser's pipe closed"));
  fromBrowser.on("error", () => undefined);
  toBrowser.on("error", () => undefined);
  return transport;
}
