/**
 * Pages of a block explorer, from its base URL in config (networks/*.json `explorers`, no trailing slash):
 * transactions at <url>/tx/<hash>, addresses at <url>/address/<address>, validators at <url>/validator/<id>.
 */

/** The explorer's page for a transaction. */
export function explorerTransactionUrl(baseUrl: string, hash: string): string {
  return `${baseUrl}/tx/${hash}`;
}

/** The explorer's page for an address. */
export function explorerAddressUrl(baseUrl: string, address: string): string {
  return `${baseUrl}/address/${address}`;
}

/** The consensus explorer's page for a validator, by index (or public key before it has one). */
export function explorerValidatorUrl(baseUrl: string, indexOrPubkey: number | string): string {
  return `${baseUrl}/validator/${indexOrPubkey}`;
}
