import { describe, expect, it } from "vitest";
import { configuredChannels, noChannelText, platformChannels, settingsOf } from "../../src/channel-catalog/loader.js";
import { envOverrides, loadConfig } from "../../src/config/load.js";
import { configSchema } from "../../src/config/schema.js";
import { configSecrets } from "../../src/config/secrets.js";

/** The environment a descriptor's variables set, each to a value its conversion accepts. */
function environmentFor(descriptor: (typeof platformChannels)[number]): NodeJS.ProcessEnv {
  const values: Record<string, string> = {};
  for (const [variable, binding] of Object.entries(descriptor.env)) {
    const as = typeof binding === "string" ? "text" : binding.as;
    values[variable] = as === "number" ? "4000" : as === "list" ? "a, b" : "";
  }
  return values;
}

describe("the channel catalog", () => {
  it("is all the core needs to know about each platform", async () => {
    for (const descriptor of platformChannels) {
      // Config parsing: the plugin's schema sits under channels.<name>, defaulted.
      expect(Object.keys(configSchema.parse({}).channels)).toContain(descriptor.name);
      // Environment overrides: every variable the descriptor names is read, and lands in its settings.
      for (const [variable, binding] of Object.entries(descriptor.env)) {
        const key = typeof binding === "string" ? binding : binding.key;
        expect(envOverrides[variable]?.path).toBe(`channels.${descriptor.name}.${key}`);
      }
      const lists = Object.entries(descriptor.env).filter(
        ([, binding]) => typeof binding !== "string" && binding.as === "list",
      );
      const { config } = await loadConfig({
        env: { ...environmentFor(descriptor), SKEIN_HOME: "/nonexistent" },
        ignoreDotEnv: true,
      });
      for (const [, binding] of lists) {
        expect(
          (settingsOf(config, descriptor.name as never) as Record<string, unknown>)[(binding as { key: string }).key],
        ).toEqual(["a", "b"]);
      }
    }
  });

  it("detects a configured platform and redacts its secrets, from its descriptor alone", async () => {
    for (const descriptor of platformChannels) {
      const secrets = Object.fromEntries(descriptor.secrets.map((key) => [key, `secret-${descriptor.name}-${key}`]));
      const config = configSchema.parse({ channels: { [descriptor.name]: secrets } });
      expect(configuredChannels(config)).toEqual([descriptor.name]);
      expect(configSecrets(config)).toEqual(expect.arrayContaining(Object.values(secrets)));
    }
    expect(configuredChannels(configSchema.parse({}))).toEqual([]);
  });

  it("builds the one 'no channel' wording from the descriptors, naming each one's credentials and `skein chat`", () => {
    const fourth = { credentialHint: "MATRIX_ACCESS_TOKEN" };
    const { message, problem, remedy } = noChannelText([...platformChannels, fourth]);
    expect(problem).toBe("no channel is configured, so there is nobody to talk to");
    expect(remedy).toMatch(
      /^set TELEGRAM_BOT_TOKEN, SLACK_BOT_TOKEN \(with SLACK_APP_TOKEN or SLACK_SIGNING_SECRET\), DISCORD_BOT_TOKEN or MATRIX_ACCESS_TOKEN /,
    );
    expect(remedy).toContain("`skein chat`");
    expect(message).toContain(problem);
  });
});
