import { ProviderError } from "../../providers/provider.js";

/** The reason a turn is aborted when it runs past `turn_timeout`. */
export class TurnTimeout extends Error {}

/** The reason running turns are aborted when the grace period at shutdown is over. */
export class ShuttingDown extends Error {}

/** What a failed turn tells the user, and, when the operator must act, what to tell the operator. */
export interface Apology {
  /** Fixed wording for the kind of failure: never the provider's text, never a host or a key. */
  text: string;
  /** For the log, once per distinct cause: which setting to fix. */
  advice?: { cause: string; setting: string; message: string };
}

const tryAgain = "Please try again";

/** The fixed reply for each kind of failure; "try again" only where trying again can help. */
export const apologies = {
  unreachable: "Sorry — I can't reach the AI model right now, so I can't answer. The person who runs me has been told.",
  overloaded: `Sorry — the AI model is overloaded or failing right now. ${tryAgain} in a minute.`,
  misconfigured:
    "Sorry — I'm not set up correctly to use the AI model, so I can't answer. The person who runs me needs to fix my configuration.",
  tooLong:
    "Sorry — this message and our conversation are too long for the AI model. Send something shorter, or /new to start afresh.",
  refused: "Sorry — the AI model could not handle this request.",
  unreadable: "Sorry — the AI model sent an answer I could not read.",
  slowModel: `Sorry — the AI model took too long to answer. ${tryAgain} in a moment.`,
  restarting: "Sorry — I'm restarting and had to stop working on this. Please send it again in a moment.",
  internal: "Sorry — something went wrong on my side, so I can't answer this.",
} as const;

/** The apology for a turn that failed with `reason`. */
export function apologyFor(reason: unknown, turnTimeoutSeconds: number): Apology {
  if (reason instanceof TurnTimeout) {
    return {
      text: `Sorry — this took longer than ${turnTimeoutSeconds} s, so I stopped. ${tryAgain}, perhaps with a smaller request.`,
    };
  }
  if (reason instanceof ShuttingDown) return { text: apologies.restarting };
  if (reason instanceof ProviderError) return providerApology(reason);
  return { text: apologies.internal };
}

/** The settings that point at a provider and hold its key, as the operator writes them (with their variables). */
function settingsOf(name = "openai"): { name: string; url: string; key: string; pathless: boolean } {
  const variables: Record<string, { key: string; url: string }> = {
    openai: { key: "OPENAI_API_KEY", url: "OPENAI_BASE_URL" },
    anthropic: { key: "ANTHROPIC_API_KEY", url: "ANTHROPIC_BASE_URL" },
  };
  const known = variables[name];
  return {
    name,
    url: `${known ? `${known.url} / ` : ""}providers.${name}.base_url`,
    key: `${known ? `${known.key} or ` : ""}providers.${name}.api_key`,
    // Anthropic's and Ollama's base URLs carry no path (their clients add it).
    pathless: name === "anthropic" || name === "ollama",
  };
}

function providerApology(error: ProviderError): Apology {
  const where = settingsOf(error.provider);
  switch (error.kind) {
    case "timeout":
      return { text: apologies.slowModel };
    case "rate-limit":
    case "server":
      return { text: apologies.overloaded };
    case "network":
      return {
        text: apologies.unreachable,
        advice: {
          cause: "network",
          setting: `providers.${where.name}.base_url`,
          message: `the model server cannot be reached: check ${where.url} and that the server is running`,
        },
      };
    case "auth":
      return {
        text: apologies.misconfigured,
        advice: {
          cause: `auth:${error.status ?? ""}`,
          setting: `providers.${where.name}.api_key`,
          message: `the model server refused the API key: set ${where.key} to a valid key for providers.${where.name}.base_url`,
        },
      };
    case "bad-request":
      if (error.status === 404) {
        return {
          text: apologies.misconfigured,
          advice: {
            cause: "not-found",
            setting: "agents.defaults.model",
            message: `the model server does not know the model or the address: check agents.defaults.model and ${where.url}${where.pathless ? "" : " (it usually ends in /v1)"}`,
          },
        };
      }
      return { text: isContextLength(error) ? apologies.tooLong : apologies.refused };
    case "bad-response":
      return { text: apologies.unreadable };
    default:
      return { text: apologies.internal };
  }
}

/** A 400 that says the request is longer than the model's context window. */
export function isContextLength(error: ProviderError): boolean {
  return (
    error.kind === "bad-request" &&
    /context[ _]length|context window|maximum context|too many tokens|reduce the length/i.test(error.message)
  );
}
