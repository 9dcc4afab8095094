import { knownDepositsPath, knownDepositsResponse } from "../../core/api/known-deposits.ts";
import { getJson } from "../../lib/api-client.ts";
import { apiUrl } from "../../lib/app-environment.ts";
import { DepositServiceAnswerError } from "./stake-errors.ts";

/** A deposit the backend knows: its transaction (when recorded) and whether its block is confirmed yet. */
export interface KnownDeposit {
  readonly txHash: string | undefined;
  readonly pending: boolean;
}

/**
 * The public keys among `pubkeys` (hex without 0x) that already have a deposit on this network environment,
 * per the backend's indexer (GET /deposits/known): confirmed ones and those in blocks it has not confirmed yet
 * (pending). Keys are lower-case.
 */
export async function fetchKnownDeposits(input: {
  readonly network: string;
  readonly environment: string;
  readonly pubkeys: readonly string[];
  readonly signal?: AbortSignal;
  /** The staking backend's base address; this build's by default. */
  readonly apiBase?: string;
}): Promise<ReadonlyMap<string, KnownDeposit>> {
  if (input.pubkeys.length === 0) return new Map();
  const answer = knownDepositsResponse.safeParse(
    await getJson(
      input.apiBase === undefined ? apiUrl(knownDepositsPath) : `${input.apiBase}${knownDepositsPath}`,
      { network: input.network, environment: input.environment, pubkeys: input.pubkeys.join(",") },
      input.signal,
    ),
  );
  if (!answer.success) throw new DepositServiceAnswerError(answer.error.issues[0]?.message ?? "unexpected answer");
  const { known, pending, deposits } = answer.data;
  return new Map(
    known.map((pubkey) => [
      pubkey,
      {
        txHash: deposits.find((deposit) => deposit.pubkey === pubkey)?.txHash ?? undefined,
        pending: pending.includes(pubkey),
      },
    ]),
  );
}
