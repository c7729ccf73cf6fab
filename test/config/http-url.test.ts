import { describe, expect, it } from "vitest";
import { httpUrlProblem } from "../../src/config/http-url.js";

describe("a URL the config needs over http or https", () => {
  it("passes http and https URLs", () => {
    expect(httpUrlProblem("http://localhost:11434/v1", "/v1")).toBeUndefined();
    expect(httpUrlProblem("https://api.openai.com/v1", "/v1")).toBeUndefined();
  });

  it("suggests http:// and /v1 for a bare local host and port, as Ollama's docs write it", () => {
    expect(httpUrlProblem("localhost:11434", "/v1")).toBe(
      '"localhost:11434" is not a URL: it needs http:// or https://, e.g. "http://localhost:11434/v1"',
    );
    expect(httpUrlProblem("192.168.1.5:8000/v1", "/v1")).toContain('e.g. "http://192.168.1.5:8000/v1"');
  });

  it("suggests https:// for a public host, keeping its path", () => {
    expect(httpUrlProblem("api.groq.com/openai/v1", "/v1")).toContain('e.g. "https://api.groq.com/openai/v1"');
  });

  it("refuses other schemes and a URL without a host", () => {
    expect(httpUrlProblem("ftp://example.com/v1")).toBe('"ftp://example.com/v1" must start with http:// or https://');
    expect(httpUrlProblem("https://")).toBe('"https://" is not a URL: it names no host');
  });
});
