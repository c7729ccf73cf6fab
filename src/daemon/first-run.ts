import { noChannelText } from "../channel-catalog/loader.js";
import { modelConfigured } from "../config/model-configured.js";
import type { SkeinConfig } from "../config/schema.js";
import { DaemonError } from "./daemon-error.js";

/**
 * What `skein start` says when neither a model nor a chat platform is configured (it exits at once). With a
 * model alone the dashboard's web chat is its channel (see `noPlatformText` in the channel catalog).
 */
export const NOTHING_CONFIGURED_MESSAGE = [
  "nothing to run yet: no model and no chat platform is configured.",
  "  Run `skein init`, or set OPENAI_API_KEY (or OPENAI_BASE_URL for another OpenAI-compatible server), then `skein start` again:",
  "  with a model alone it serves a web chat on its dashboard, and a chat platform can be added later.",
].join("\n");

/**
 * Whether the dashboard's web chat is the daemon's only channel: no other channel, and a model (the first run).
 * Throws the {@link DaemonError} that says what to configure when nothing can run: no model and no channel, or no
 * channel and no dashboard to chat in (`skein chat`, the dashboard off).
 */
export function webChatOnly(config: SkeinConfig, channels: number, servesDashboard: boolean): boolean {
  if (channels > 0) return false;
  if (!modelConfigured(config)) throw new DaemonError("nothing-configured", NOTHING_CONFIGURED_MESSAGE);
  if (!(servesDashboard && config.dashboard.enabled)) throw new DaemonError("no-channels", noChannelText().message);
  return true;
}

/** Why a daemon whose only channel is the web chat cannot run: the dashboard's port was taken. */
export function webChatPortInUse(config: SkeinConfig): DaemonError {
  return new DaemonError(
    "port-in-use",
    `the dashboard's web chat is the only channel, and port ${config.gateway.health_port} is in use: set SKEIN_HEALTH_PORT (gateway.health_port) to a free port`,
  );
}
