import { describe, expect, it } from "vitest";
import { CappedOutput } from "../../src/sandbox/capped-output.js";
import { commandEnvironment } from "../../src/sandbox/safe-env.js";

describe("CappedOutput", () => {
  it("keeps everything that fits", () => {
    const output = new CappedOutput(4, 4);
    output.push(Buffer.from("12345678"));
    expect(output.text()).toBe("12345678");
    expect(output.truncated).toBe(false);
  });

  it("keeps the head and the tail across many chunks and counts what it dropped", () => {
    const output = new CappedOutput(5, 5);
    for (const chunk of ["abc", "defgh", "ijklmnop", "qrstu", "vwxyz"]) output.push(Buffer.from(chunk));
    expect(output.text()).toBe("abcde\n[... 16 bytes omitted (26 in total) ...]\nvwxyz");
    expect(output.truncated).toBe(true);
    expect(output.totalBytes).toBe(26);
  });
});

describe("commandEnvironment", () => {
  it("keeps only the safe base of the daemon's environment, plus the configured extras", () => {
    expect(
      commandEnvironment(
        { PATH: "/bin", HOME: "/h", OPENAI_API_KEY: "sk", DISCORD_TOKEN: "t", AWS_SECRET_ACCESS_KEY: "s" },
        { EXTRA: "1" },
      ),
    ).toEqual({ PATH: "/bin", HOME: "/h", EXTRA: "1" });
  });
});
