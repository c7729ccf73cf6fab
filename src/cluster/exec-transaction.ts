import type { ChainableCommander } from "ioredis";

/**
 * Runs a MULTI transaction and rejects with the first failed command's error (ioredis
 * resolves EXEC with an error per command instead of rejecting).
 */
export async function execTransaction(transaction: ChainableCommander): Promise<void> {
  const results = (await transaction.exec()) ?? [];
  const failed = results.find(([error]) => error);
  if (failed?.[0]) throw failed[0];
}
