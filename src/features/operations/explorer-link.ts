import { explorerTransactionUrl } from "../../core/explorer-links.ts";
import type { Environment } from "../../generated/index.ts";

/** The execution explorer's page for a transaction, or undefined where the environment has no explorer (devnet). */
export function transactionExplorerUrl(environment: Environment | undefined, hash: string): string | undefined {
  const explorer = environment?.explorers?.execution;
  return explorer ? explorerTransactionUrl(explorer.url, hash) : undefined;
}
