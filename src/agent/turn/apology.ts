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

function providerApology(error: ProviderError): Apology {
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
          setting: "providers.openai.base_url",
          message:
            "the model server cannot be reached: check OPENAI_BASE_URL / providers.openai.base_url and that the server is running",
        },
      };
    case "auth":
      return {
        text: apologies.misconfigured,
        advice: {
          cause: `auth:${error.status ?? ""}`,
          setting: "providers.openai.api_key",
          message:
            "the model server refused the API key: set OPENAI_API_KEY or providers.openai.api_key to a valid key for providers.openai.base_url",
        },
      };
    case "bad-request":
      if (error.status === 404) {
        return {
          text: apologies.misconfigured,
          advice: {
            cause: "not-found",
            setting: "agents.defaults.model",
            message:
              "the model server does not know the model or the address: check agents.defaults.model and OPENAI_BASE_URL / providers.openai.base_url (it usually ends in /v1)",
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
