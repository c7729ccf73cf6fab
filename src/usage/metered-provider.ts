import type { LlmProvider } from "../providers/provider.js";
import type { UsageCaller, UsageLedger } from "./usage-ledger.js";

/** `provider` for one caller: every answered call's usage is counted in the ledger before it returns. */
export function meteredProvider(provider: LlmProvider, caller: UsageCaller, ledger: UsageLedger): LlmProvider {
  return {
    name: provider.name,
    async chat(request, signal) {
      const response = await provider.chat(request, signal);
      await ledger.record(caller, response, request.model);
      return response;
    },
  };
}
