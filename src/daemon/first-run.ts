/**
 * What `skein start` says when neither a model nor a chat platform is configured (it exits at once). With a
 * model alone the dashboard's web chat is its channel (see `noPlatformText` in the channel catalog).
 */
export const NOTHING_CONFIGURED_MESSAGE = [
  "nothing to run yet: no model and no chat platform is configured.",
  "  Run `skein init`, or set OPENAI_API_KEY (or OPENAI_BASE_URL for another OpenAI-compatible server), then `skein start` again:",
  "  with a model alone it serves a web chat on its dashboard, and a chat platform can be added later.",
].join("\n");
