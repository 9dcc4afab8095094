import { and, eq } from "drizzle-orm";
import { decodeEventLog, getAddress, type Hex, type Log, slice } from "viem";
import { depositContractAbi, ethStakingAbi, rewardsClaimAbi } from "../../contracts/generated/index.ts";
import type { Contracts } from "../../src/generated/index.ts";
import type { Database } from "../storage/database.ts";
import { executionRewards, operations, validatorDeposits, validators } from "../storage/schema.ts";
import { attributeValidator, recordDeposit } from "./deposit-attribution.ts";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** What a handler needs to know about the chain around a log. */
export interface LogContext {
  readonly network: string;
  readonly environment: string;
  /** Time of the log's block. */
  readonly time: (blockNumber: bigint) => Promise<Date>;
}

const plain = (hex: Hex) => hex.slice(2).toLowerCase();

/** Little-endian 8-byte amount or index of the deposit contract's DepositEvent. */
function littleEndian(hex: Hex): bigint {
  const bytes = plain(hex).match(/../g) ?? [];
  return BigInt(`0x${bytes.reverse().join("") || "0"}`);
}

/**
 * Writes what one log means: a deposit (every one, top-ups too, for the rewards rule; and a front-run of a
 * provider key, see recordDeposit), a validator the
 * staking contract deposited (its caller owns it, see attributeValidator), a stake (an operation), an
 * execution-reward accrual, a claim, an EIP-7002 withdrawal request or an EIP-7251 consolidation request. Rows
 * are keyed by transaction and log index (validators by public key), so replaying a log changes nothing.
 */
export async function applyLog(
  tx: Transaction,
  log: Log<bigint, number, false>,
  contracts: Contracts,
  context: LogContext,
): Promise<void> {
  const address = getAddress(log.address);
  const txHash = log.transactionHash as Hex;
  const logIndex = log.logIndex as number;
  const blockNumber = log.blockNumber as bigint;
  const base = { network: context.network, environment: context.environment, txHash, logIndex, blockNumber };
  const operation = async (values: {
    owner: Hex;
    kind: "stake" | "claim" | "withdrawal_request" | "consolidation";
    amountWei: bigint;
    details: object;
  }) =>
    tx
      .insert(operations)
      .values({
        ...base,
        ...values,
        owner: getAddress(values.owner),
        amountWei: values.amountWei.toString(),
        status: "confirmed",
        occurredAt: await context.time(blockNumber),
      })
      .onConflictDoNothing();

  if (contracts.deposit && address === getAddress(contracts.deposit)) {
    const event = decodeEventLog({
      abi: depositContractAbi,
      data: log.data,
      topics: log.topics,
      eventName: "DepositEvent",
    });
    const amountGwei = littleEndian(event.args.amount);
    // Every deposit, a top-up too: the rewards are measured against what was deposited.
    await tx
      .insert(validatorDeposits)
      .values({ ...base, pubkey: plain(event.args.pubkey), amountGwei })
      .onConflictDoNothing();
    await recordDeposit(tx, base, {
      pubkey: plain(event.args.pubkey),
      withdrawalCredentials: plain(event.args.withdrawal_credentials),
      amountGwei,
      signature: event.args.signature,
    });
    return;
  }
  if (contracts.ethStaking && address === getAddress(contracts.ethStaking)) {
    const event = decodeEventLog({ abi: ethStakingAbi, data: log.data, topics: log.topics });
    if (event.eventName === "ValidatorDeposited") {
      await attributeValidator(tx, base, {
        owner: event.args.owner,
        pubkey: plain(event.args.pubkey),
        withdrawalCredentials: plain(event.args.withdrawalCredentials),
        amountGwei: event.args.amount / 1_000_000_000n,
      });
      return;
    }
    if (event.eventName !== "Staked") return;
    const { owner, validators: count, depositAmount, fee } = event.args;
    await operation({
      owner,
      kind: "stake",
      amountWei: depositAmount + fee,
      details: { validators: Number(count), feeWei: fee.toString() },
    });
    return;
  }
  if (contracts.claim && address === getAddress(contracts.claim)) {
    const event = decodeEventLog({ abi: rewardsClaimAbi, data: log.data, topics: log.topics });
    if (event.eventName === "Claimed") {
      await operation({ owner: event.args.owner, kind: "claim", amountWei: event.args.amount, details: {} });
      return;
    }
    if (event.eventName !== "Accrued") return; // rewards received, not yet any staker's; ownership changes
    const day = (await context.time(blockNumber)).toISOString().slice(0, 10);
    await tx
      .insert(executionRewards)
      .values({ ...base, owner: getAddress(event.args.owner), day, amountWei: event.args.amount.toString() })
      .onConflictDoNothing();
    return;
  }
  // EIP-7002 and EIP-7251 contracts log the caller (20 bytes) followed by the request (LOG0, no topics).
  if (contracts.withdrawal && address === getAddress(contracts.withdrawal) && (log.data.length - 2) / 2 === 76) {
    const amountGwei = BigInt(slice(log.data, 68, 76));
    const pubkey = slice(log.data, 20, 68);
    // A full exit (amount 0) withdraws the validator's whole balance: kept with it, as last read from the
    // consensus layer, so the history shows what the exit pays rather than 0.
    const [exiting] =
      amountGwei === 0n
        ? await tx
            .select({ balanceGwei: validators.balanceGwei })
            .from(validators)
            .where(
              and(
                eq(validators.network, context.network),
                eq(validators.environment, context.environment),
                eq(validators.pubkey, plain(pubkey)),
              ),
            )
        : [];
    await operation({
      owner: slice(log.data, 0, 20),
      kind: "withdrawal_request",
      amountWei: amountGwei * 1_000_000_000n,
      details: {
        pubkey,
        fullExit: amountGwei === 0n,
        ...(exiting ? { balanceWei: (exiting.balanceGwei * 1_000_000_000n).toString() } : {}),
      },
    });
    return;
  }
  if (contracts.consolidation && address === getAddress(contracts.consolidation) && (log.data.length - 2) / 2 === 116) {
    await operation({
      owner: slice(log.data, 0, 20),
      kind: "consolidation",
      amountWei: 0n,
      details: { sourcePubkey: slice(log.data, 20, 68), targetPubkey: slice(log.data, 68, 116) },
    });
  }
}
