import { writeFileSync } from "node:fs";

/** One call of a Safe Transaction Builder batch. */
export interface SafeBatchCall {
  readonly to: string;
  readonly value: string;
  readonly data: string;
}

/**
 * Writes a Safe Transaction Builder batch file (version 1.0 format: the Safe web app's Transaction Builder
 * imports it) of `transactions` for `safe` on `chainId`.
 */
export function writeSafeBatchFile(
  file: string,
  batch: {
    readonly chainId: number;
    readonly name: string;
    readonly description: string;
    readonly safe: string;
    readonly transactions: readonly SafeBatchCall[];
  },
): void {
  const content = {
    version: "1.0",
    chainId: String(batch.chainId),
    createdAt: Date.now(),
    meta: {
      name: batch.name,
      description: batch.description,
      txBuilderVersion: "1.18.0",
      createdFromSafeAddress: batch.safe,
      createdFromOwnerAddress: "",
    },
    transactions: batch.transactions,
  };
  writeFileSync(file, `${JSON.stringify(content, null, 2)}\n`);
}
