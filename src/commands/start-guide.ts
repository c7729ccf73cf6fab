import { noPlatformText } from "../channel-catalog/loader.js";
import type { ChannelStatus } from "../channel-kit/channel.js";
import type { DashboardAccess } from "../daemon/service.js";
import { loginTokenTtlMs } from "../dashboard/dashboard-sessions.js";

/** The dashboard's channel (its web chat), which every `skein start` with the dashboard runs. */
const WEB_CHAT = "web";

export interface ReadyGuideOptions {
  /** The running daemon's channels by name. */
  channels: Readonly<Record<string, ChannelStatus>>;
  /** The dashboard, when it is served. */
  dashboard: DashboardAccess | undefined;
  /** Whether stdout is a terminal: someone is watching, so say what to do next. */
  terminal: boolean;
}

/**
 * What `skein start` prints once ready. With no chat platform (the dashboard's web chat alone), always: a
 * one-time login link to the dashboard and how to add a platform. On a terminal otherwise: whom to write
 * to, and `skein dashboard` for a login link. Nothing else off a terminal: the log says the rest.
 */
export async function readyGuide(options: ReadyGuideOptions): Promise<string> {
  const { channels, dashboard, terminal } = options;
  const platforms = Object.entries(channels).filter(
    ([name, status]) => name !== WEB_CHAT && status.state === "connected",
  );
  const stopping = "`skein stop` (or Ctrl-C here) stops it.";
  if (Object.keys(channels).every((name) => name === WEB_CHAT) && dashboard) {
    return [
      "skein is ready. Chat with it in the dashboard's web chat: open this link to log in " +
        `(it works once, within ${loginTokenTtlMs / 60_000} minutes; \`skein dashboard\` prints a new one):`,
      await dashboard.loginUrl(),
      `${capitalised(noPlatformText().message)}.`,
      ...(terminal ? [stopping] : []),
    ].join("\n");
  }
  if (!terminal) return "";
  const whom = platforms.map(([name, status]) => `${status.account ?? "your bot"} on ${name}`);
  const where = [
    ...(whom.length ? [`write to ${joinedWithOr(whom)}`] : []),
    ...(dashboard ? ["run `skein dashboard` for a login link to the dashboard and its web chat"] : []),
  ];
  return where.length ? `skein is ready: ${where.join(", or ")}. ${stopping}` : `skein is ready. ${stopping}`;
}

function capitalised(text: string): string {
  return `${text[0]!.toUpperCase()}${text.slice(1)}`;
}

/** `a`, `a or b`, `a, b or c`. */
function joinedWithOr(items: readonly string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(", ")} or ${items.at(-1)}` : (items[0] ?? "");
}
