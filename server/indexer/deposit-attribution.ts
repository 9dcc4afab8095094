import { and, eq, gt } from "drizzle-orm";
import { bytesToHex, getAddress, type Hex, hexToBytes } from "viem";
import { blsVerify } from "../../src/core/deposit/bls-noble.ts";
import { computeDepositDomain, computeSigningRoot, withdrawalCredentials } from "../../src/core/deposit/index.ts";
import { DepositMessage } from "../../src/core/deposit/ssz-containers.ts";
import { type Network, networks } from "../../src/generated/index.ts";
import type { Database } from "../storage/database.ts";
import { depositedKeys, depositRequests, frontRunDeposits, validatorKeys, validators } from "../storage/schema.ts";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Where a log was: its environment, transaction, index and block. */
export interface LogPlace {
  readonly network: string;
  readonly environment: string;
  readonly txHash: Hex;
  readonly logIndex: number;
  readonly blockNumber: bigint;
}

/** A deposit as a log tells it; hex without 0x, lower case, as the tables keep keys and credentials. */
export interface SeenDeposit {
  readonly pubkey: string;
  readonly withdrawalCredentials: string;
  readonly amountGwei: bigint;
}

const plain = (hex: Hex) => hex.slice(2).toLowerCase();

/**
 * The deposit contract's DepositEvent. It attributes nothing (its transaction's sender may be a Safe's signer, a
 * bundler or anyone): validators are attributed by the staking contract's ValidatorDeposited. It records the
 * key's first deposit (deposited_keys), and a front-run: a deposit for a provider key with credentials the
 * server did not issue, before the validator was attributed. Its signature is checked as the consensus layer
 * does: only a valid one fixes the credentials.
 */
export async function recordDeposit(
  tx: Transaction,
  place: LogPlace,
  deposit: SeenDeposit & { readonly signature: Hex },
): Promise<void> {
  await tx
    .insert(depositedKeys)
    .values({
      network: place.network,
      environment: place.environment,
      pubkey: deposit.pubkey,
      txHash: place.txHash,
      blockNumber: place.blockNumber,
    })
    .onConflictDoNothing();
  if (await attributed(tx, place, deposit.pubkey)) return; // a top-up: the first deposit's credentials stay
  const issued = await issuedCredentials(tx, place, deposit.pubkey);
  if (issued === undefined || issued === deposit.withdrawalCredentials) return;
  await tx
    .insert(frontRunDeposits)
    .values({
      ...place,
      pubkey: deposit.pubkey,
      withdrawalCredentials: deposit.withdrawalCredentials,
      amountGwei: deposit.amountGwei,
      signatureValid: signatureValid(place, deposit),
    })
    .onConflictDoNothing();
}

/**
 * The staking contract's ValidatorDeposited: the validator belongs to `owner`, the contract's caller. A
 * provider key is attributed only with the credentials the server issued for it, and never after a front-run
 * with a valid signature (the consensus layer gave the validator to the front-runner's credentials).
 */
export async function attributeValidator(
  tx: Transaction,
  place: LogPlace,
  deposit: SeenDeposit & { readonly owner: Hex },
): Promise<void> {
  if (await attributed(tx, place, deposit.pubkey)) return;
  const issued = await issuedCredentials(tx, place, deposit.pubkey);
  if (issued !== undefined) {
    if (issued !== deposit.withdrawalCredentials) return; // recorded by recordDeposit just before
    const [taken] = await tx
      .select({ txHash: frontRunDeposits.txHash })
      .from(frontRunDeposits)
      .where(
        and(
          eq(frontRunDeposits.network, place.network),
          eq(frontRunDeposits.environment, place.environment),
          eq(frontRunDeposits.pubkey, deposit.pubkey),
          eq(frontRunDeposits.signatureValid, true),
        ),
      )
      .limit(1);
    if (taken) return;
  }
  await tx
    .insert(validators)
    .values({
      network: place.network,
      environment: place.environment,
      pubkey: deposit.pubkey,
      owner: getAddress(deposit.owner),
      withdrawalCredentials: deposit.withdrawalCredentials,
      depositTxHash: place.txHash,
      depositBlock: place.blockNumber,
      depositedGwei: deposit.amountGwei,
      status: "deposited",
      balanceGwei: deposit.amountGwei,
    })
    .onConflictDoNothing();
}

/** Removes the first deposits and front-runs learned from blocks after `to` (a reorganisation). */
export async function rewindDepositRecords(
  tx: Transaction,
  scope: { readonly network: string; readonly environment: string },
  to: bigint,
): Promise<void> {
  await tx
    .delete(depositedKeys)
    .where(
      and(
        eq(depositedKeys.network, scope.network),
        eq(depositedKeys.environment, scope.environment),
        gt(depositedKeys.blockNumber, to),
      ),
    );
  await tx
    .delete(frontRunDeposits)
    .where(
      and(
        eq(frontRunDeposits.network, scope.network),
        eq(frontRunDeposits.environment, scope.environment),
        gt(frontRunDeposits.blockNumber, to),
      ),
    );
}

async function attributed(tx: Transaction, place: LogPlace, pubkey: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: validators.id })
    .from(validators)
    .where(
      and(
        eq(validators.network, place.network),
        eq(validators.environment, place.environment),
        eq(validators.pubkey, pubkey),
      ),
    );
  return row !== undefined;
}

/** The credentials the server signed a provider key's deposit data with; undefined for any other key. */
async function issuedCredentials(tx: Transaction, place: LogPlace, pubkey: string): Promise<string | undefined> {
  const [key] = await tx
    .select({ owner: depositRequests.owner, type: depositRequests.credentialType })
    .from(validatorKeys)
    .innerJoin(depositRequests, eq(depositRequests.id, validatorKeys.requestId))
    .where(
      and(
        eq(validatorKeys.pubkey, pubkey),
        eq(depositRequests.network, place.network),
        eq(depositRequests.environment, place.environment),
      ),
    );
  return key ? plain(bytesToHex(withdrawalCredentials(key.type, key.owner))) : undefined;
}

/**
 * is_valid_deposit_signature of the consensus specs, for the environment's genesis fork version; true (the
 * worst case: the key counts as taken) when the environment names no fork version.
 */
function signatureValid(place: LogPlace, deposit: SeenDeposit & { readonly signature: Hex }): boolean {
  const network: Network | undefined = Object.values(networks).find((candidate) => candidate.slug === place.network);
  const environment = network?.environments?.find((candidate) => candidate.id === place.environment);
  const fork = environment?.genesisForkVersion;
  if (!fork) return true;
  const pubkey = hexToBytes(`0x${deposit.pubkey}`);
  const messageRoot = DepositMessage.hashTreeRoot({
    pubkey,
    withdrawalCredentials: hexToBytes(`0x${deposit.withdrawalCredentials}`),
    amount: deposit.amountGwei,
  });
  const signingRoot = computeSigningRoot(messageRoot, computeDepositDomain(hexToBytes(fork as Hex)));
  return blsVerify(hexToBytes(deposit.signature), signingRoot, pubkey);
}
