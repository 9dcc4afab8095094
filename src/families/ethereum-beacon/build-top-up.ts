import { type Address, bytesToHex, decodeFunctionData, type Hex, hexToBytes } from "viem";
import { depositContractAbi } from "../../../contracts/generated/index.ts";
import type { SnapshotValidator } from "../../core/api/beacon-snapshot.ts";
import { AppError } from "../../core/app-error.ts";
import { type ContractCall, callData, contractCall } from "../../core/contract-call.ts";
import { DepositData } from "../../core/deposit/ssz-containers.ts";
import { FAR_FUTURE_EPOCH, gweiText } from "../../core/electra/request-checks.ts";

/** The smallest top-up the app builds: 1 ETH (the deposit contract's own floor is also 1 ETH). */
export const TOP_UP_MINIMUM_GWEI = 1_000_000_000n;
/** MIN_ACTIVATION_BALANCE: what a 0x00 / 0x01 validator keeps; the rest is swept back (0x01) or idles (0x00). */
const MIN_ACTIVATION_BALANCE_GWEI = 32_000_000_000n;
/** MAX_EFFECTIVE_BALANCE_ELECTRA: a 0x02 (compounding) validator's ceiling. */
const MAX_EFFECTIVE_BALANCE_ELECTRA_GWEI = 2_048_000_000_000n;

/**
 * The signature a top-up carries: the compressed G2 point at infinity (0xc0, then 95 zero bytes). The deposit
 * contract checks only its length, and the consensus layer checks a deposit's signature only when its public
 * key has no validator yet (Electra apply_pending_deposit): for an existing validator it credits the amount to
 * that validator whatever the signature is. This is why a top-up is built for a validator the beacon chain
 * already knows, and never for a key whose first deposit is still pending.
 */
export const TOP_UP_SIGNATURE: Hex = `0xc0${"00".repeat(95)}`;

/** Locale keys under `topUp.refusals`, with their values. */
export type TopUpRefusalRule =
  | "unknownValidator"
  | "exiting"
  | "slashed"
  | "belowMinimum"
  | "notWholeGwei"
  | "aboveCompoundingMaximum"
  | "aboveBlsMaximum";

export class TopUpRefusedError extends AppError {
  readonly rule: TopUpRefusalRule;
  constructor(rule: TopUpRefusalRule, values: Record<string, string | number>, details: string) {
    super(`topUp.refusals.${rule}`, { values, details });
    this.name = "TopUpRefusedError";
    this.rule = rule;
  }
}

export interface TopUpCheck {
  /** The validator's balance, plus every top-up of it still in pending_deposits, plus this one (gwei). */
  readonly balanceAfterGwei: bigint;
  /** For 0x01 credentials: what the sweep will send back to the withdrawal address (above 32 ETH), gwei. */
  readonly sweptBackGwei: bigint;
}

/**
 * Whether the consensus layer will credit a top-up of `amountWei` to `validator` (the Beacon API's head view of
 * it; null when the chain does not know the key) and what becomes of it: refused (a TopUpRefusedError naming
 * why) when the key has no validator yet, the validator is exiting or slashed, the amount is under 1 ETH or not
 * whole gwei, or a 0x02 validator would go above 2,048 ETH (a 0x00 one above 32 ETH, where the rest would sit
 * unused until its credentials change). For 0x01 the part above 32 ETH is allowed but named: it is swept back.
 */
export function checkTopUp(input: {
  readonly validator: SnapshotValidator | null;
  /** Top-ups of this key already in pending_deposits, gwei. */
  readonly pendingGwei: bigint;
  readonly amountWei: bigint;
}): TopUpCheck {
  const { validator, pendingGwei, amountWei } = input;
  if (!validator) throw new TopUpRefusedError("unknownValidator", {}, "the head state has no validator with this key");
  if (validator.status.endsWith("_slashed")) throw new TopUpRefusedError("slashed", {}, `status ${validator.status}`);
  if (validator.exitEpoch !== FAR_FUTURE_EPOCH)
    throw new TopUpRefusedError(
      "exiting",
      { epoch: validator.exitEpoch.toString() },
      `exit epoch ${validator.exitEpoch}`,
    );
  if (amountWei % 1_000_000_000n !== 0n)
    throw new TopUpRefusedError("notWholeGwei", {}, `${amountWei} wei is not a whole number of gwei`);
  const amountGwei = amountWei / 1_000_000_000n;
  if (amountGwei < TOP_UP_MINIMUM_GWEI)
    throw new TopUpRefusedError("belowMinimum", { minimum: gweiText(TOP_UP_MINIMUM_GWEI) }, `${amountGwei} gwei`);
  const before = validator.balanceGwei + pendingGwei;
  const balanceAfterGwei = before + amountGwei;
  const prefix = validator.withdrawalCredentials.slice(0, 4).toLowerCase();
  if (prefix === "0x02") {
    if (balanceAfterGwei > MAX_EFFECTIVE_BALANCE_ELECTRA_GWEI) {
      const room = MAX_EFFECTIVE_BALANCE_ELECTRA_GWEI > before ? MAX_EFFECTIVE_BALANCE_ELECTRA_GWEI - before : 0n;
      throw new TopUpRefusedError(
        "aboveCompoundingMaximum",
        { room: gweiText(room), maximum: gweiText(MAX_EFFECTIVE_BALANCE_ELECTRA_GWEI) },
        `${balanceAfterGwei} gwei after the top-up`,
      );
    }
    return { balanceAfterGwei, sweptBackGwei: 0n };
  }
  if (prefix === "0x01") {
    const above = balanceAfterGwei - MIN_ACTIVATION_BALANCE_GWEI;
    const sweptBackGwei = above <= 0n ? 0n : above < amountGwei ? above : amountGwei;
    return { balanceAfterGwei, sweptBackGwei };
  }
  if (balanceAfterGwei > MIN_ACTIVATION_BALANCE_GWEI) {
    const room = MIN_ACTIVATION_BALANCE_GWEI > before ? MIN_ACTIVATION_BALANCE_GWEI - before : 0n;
    throw new TopUpRefusedError(
      "aboveBlsMaximum",
      { room: gweiText(room), type: prefix },
      `${balanceAfterGwei} gwei after the top-up with ${prefix} credentials`,
    );
  }
  return { balanceAfterGwei, sweptBackGwei: 0n };
}

export interface TopUpDeposit {
  readonly pubkey: Hex;
  readonly withdrawalCredentials: Hex;
  readonly amountGwei: bigint;
  readonly signature: Hex;
  readonly depositDataRoot: Hex;
}

/** The DepositData of a top-up and its SSZ hash_tree_root (what the deposit contract recomputes and compares). */
export function topUpDeposit(pubkey: Hex, withdrawalCredentials: Hex, amountGwei: bigint): TopUpDeposit {
  const bytes = { pubkey: hexToBytes(pubkey), withdrawalCredentials: hexToBytes(withdrawalCredentials) };
  if (bytes.pubkey.length !== 48)
    throw new AppError("topUp.errors.inconsistent", { details: "pubkey is not 48 bytes" });
  if (bytes.withdrawalCredentials.length !== 32)
    throw new AppError("topUp.errors.inconsistent", { details: "withdrawal credentials are not 32 bytes" });
  const root = DepositData.hashTreeRoot({
    ...bytes,
    amount: amountGwei,
    signature: hexToBytes(TOP_UP_SIGNATURE),
  });
  return { pubkey, withdrawalCredentials, amountGwei, signature: TOP_UP_SIGNATURE, depositDataRoot: bytesToHex(root) };
}

/**
 * The deposit-contract call that tops `validator` up by `amountWei`: `deposit(pubkey, withdrawal_credentials,
 * signature, deposit_data_root)` with the validator's own credentials as the Beacon API gives them, paying the
 * amount. Before it is returned the call is read back as the wallet would send it (its calldata decoded, its
 * root recomputed from the decoded fields, its value) and compared with what was asked; any difference is
 * refused, so what the wallet is asked to sign is exactly this top-up.
 */
export function buildTopUp(input: {
  readonly contract: Address;
  readonly validator: SnapshotValidator;
  readonly amountWei: bigint;
}): { readonly call: ContractCall; readonly deposit: TopUpDeposit } {
  const { contract, validator, amountWei } = input;
  const deposit = topUpDeposit(
    validator.pubkey as Hex,
    validator.withdrawalCredentials as Hex,
    amountWei / 1_000_000_000n,
  );
  const call = contractCall({
    to: contract,
    abi: depositContractAbi,
    functionName: "deposit",
    args: [deposit.pubkey, deposit.withdrawalCredentials, deposit.signature, deposit.depositDataRoot],
    value: amountWei,
  });
  verifyTopUpCall(call, {
    pubkey: validator.pubkey,
    withdrawalCredentials: validator.withdrawalCredentials,
    amountWei,
  });
  return { call, deposit };
}

/** Reads a top-up call back and refuses it unless it deposits `amountWei` to `pubkey` with those credentials. */
export function verifyTopUpCall(
  call: ContractCall,
  expected: { readonly pubkey: string; readonly withdrawalCredentials: string; readonly amountWei: bigint },
): void {
  const problems: string[] = [];
  if (!call.functionName) problems.push("not a deposit call");
  else {
    const { args } = decodeFunctionData({ abi: depositContractAbi, data: callData(call) });
    const [pubkey, credentials, signature, root] = args as readonly [Hex, Hex, Hex, Hex];
    if (pubkey.toLowerCase() !== expected.pubkey.toLowerCase()) problems.push(`pubkey ${pubkey}`);
    if (credentials.toLowerCase() !== expected.withdrawalCredentials.toLowerCase())
      problems.push(`withdrawal credentials ${credentials}`);
    if (call.value !== expected.amountWei) problems.push(`value ${call.value} wei, asked ${expected.amountWei}`);
    const recomputed = topUpDeposit(pubkey, credentials, (call.value ?? 0n) / 1_000_000_000n);
    if (signature.toLowerCase() !== recomputed.signature) problems.push("signature");
    if (root.toLowerCase() !== recomputed.depositDataRoot.toLowerCase()) problems.push(`deposit_data_root ${root}`);
  }
  if (problems.length > 0) throw new AppError("topUp.errors.inconsistent", { details: problems.join("; ") });
}
