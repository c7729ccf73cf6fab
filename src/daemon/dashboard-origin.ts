/** The dashboard's address for a browser on this host: the bound interface (loopback when bound to all) and port. */
export function dashboardOrigin(host: string, port: number): string {
  const anyHost = ["", "0.0.0.0", "::", "[::]"].includes(host);
  const shown = anyHost ? "127.0.0.1" : host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}
