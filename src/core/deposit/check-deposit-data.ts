import { getAddress, hexToBytes } from "viem";
import { type DepositDataEntry, depositDataEntrySchema } from "./deposit-data-file.ts";
import { computeDepositDomain, computeSigningRoot, type SignatureCheck, type VerifySignatures } from "./signing.ts";
import { DepositData, DepositMessage } from "./ssz-containers.ts";
import { type CredentialType, readWithdrawalCredentials } from "./withdrawal-credentials.ts";

/** What the user asked for; deposit data that deviates from it in any way must not be signed. */
export interface DepositExpectations {
  /** Genesis fork version of the selected environment, from config ("0x00000000"). */
  readonly forkVersion: string;
  /** The connected wallet address: every deposit's withdrawals must go to it. */
  readonly withdrawalAddress: string;
  readonly credentialType: CredentialType;
  /** The amount of each deposit in gwei, in order (N × 32 ETH, or one compounding amount). */
  readonly amountsGwei: readonly bigint[];
  /** Public keys (lower-case hex without 0x) that the backend reports as already deposited. */
  readonly alreadyDeposited?: ReadonlySet<string>;
}

export type DepositProblemCode =
  | "not_a_list"
  | "count_mismatch"
  | "malformed"
  | "fork_version_mismatch"
  | "withdrawal_credentials_mismatch"
  | "amount_mismatch"
  | "deposit_message_root_mismatch"
  | "deposit_data_root_mismatch"
  | "signature_invalid"
  | "duplicate_pubkey"
  | "already_deposited";

export interface DepositProblem {
  /** Index of the deposit at fault, or null for the file as a whole. */
  readonly index: number | null;
  readonly code: DepositProblemCode;
  readonly message: string;
}

export type DepositVerification =
  | { readonly ok: true; readonly deposits: readonly DepositDataEntry[] }
  | { readonly ok: false; readonly problems: readonly DepositProblem[] };

const bytes = (hex: string) => hexToBytes(`0x${hex}`);
const equalBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((byte, index) => byte === b[index]);

/** The outcome of every rule but the signatures', and the signatures still to check. */
export interface PendingDepositVerification {
  /** One per deposit that parsed, in order; `complete` takes one answer for each. */
  readonly signatureChecks: readonly SignatureCheck[];
  /**
   * The verification once `valid[i]` says whether `signatureChecks[i]` holds. `alreadyDeposited`, when given,
   * replaces the expectations' set: the signatures can be checked while the backend is still asked which keys
   * already have a deposit.
   */
  complete(valid: readonly boolean[], alreadyDeposited?: ReadonlySet<string>): DepositVerification;
}

/**
 * A problem, the place in the list where a signature's problem goes should its check fail, or where a public
 * key's already-deposited problem goes should the key be among the deposited ones.
 */
type Slot =
  | DepositProblem
  | { readonly signatureCheck: number; readonly problem: DepositProblem }
  | { readonly pubkey: string; readonly problem: DepositProblem };

/**
 * Runs every rule of verifyDepositData except the BLS signature checks, which it returns for a backend to
 * run (anywhere: this thread, WebAssembly, a Web Worker). Problems come out in the same order whichever
 * backend answers, so every backend gives an identical verification.
 */
export function checkDepositData(data: unknown, expected: DepositExpectations): PendingDepositVerification {
  if (!Array.isArray(data)) {
    const result = fail([{ index: null, code: "not_a_list", message: "deposit data must be a list of deposits" }]);
    return { signatureChecks: [], complete: () => result };
  }
  const slots: Slot[] = [];
  const signatureChecks: SignatureCheck[] = [];
  if (data.length !== expected.amountsGwei.length) {
    slots.push({
      index: null,
      code: "count_mismatch",
      message: `expected ${expected.amountsGwei.length} deposit(s), received ${data.length}`,
    });
  }
  const forkVersion = hexToBytes(expected.forkVersion as `0x${string}`);
  const domain = computeDepositDomain(forkVersion);
  const owner = getAddress(expected.withdrawalAddress);
  const seen = new Map<string, number>();
  const deposits: DepositDataEntry[] = [];

  data.forEach((raw, index) => {
    const parsed = depositDataEntrySchema.safeParse(raw);
    const at = (code: DepositProblemCode, message: string) => slots.push({ index, code, message });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      at("malformed", `${issue?.path.join(".") || "entry"}: ${issue?.message ?? "is not a deposit"}`);
      return;
    }
    const deposit = parsed.data;
    deposits.push(deposit);
    if (deposit.fork_version !== expected.forkVersion.slice(2).toLowerCase()) {
      at(
        "fork_version_mismatch",
        `signed for fork version 0x${deposit.fork_version}, but the selected network uses ${expected.forkVersion}`,
      );
    }
    const credentials = readWithdrawalCredentials(bytes(deposit.withdrawal_credentials));
    if (!credentials || credentials.type !== expected.credentialType || credentials.address !== owner) {
      at(
        "withdrawal_credentials_mismatch",
        `withdrawals would go to ${credentials ? `${credentials.address} (type ${credentials.type})` : "credentials that name no address"}, not to ${owner} (type ${expected.credentialType})`,
      );
    }
    const amount = BigInt(deposit.amount);
    const expectedAmount = expected.amountsGwei[index];
    if (expectedAmount !== undefined && amount !== expectedAmount) {
      at("amount_mismatch", `deposits ${amount} gwei, but ${expectedAmount} gwei was chosen`);
    }
    const message = {
      pubkey: bytes(deposit.pubkey),
      withdrawalCredentials: bytes(deposit.withdrawal_credentials),
      amount,
    };
    const messageRoot = DepositMessage.hashTreeRoot(message);
    if (!equalBytes(messageRoot, bytes(deposit.deposit_message_root))) {
      at(
        "deposit_message_root_mismatch",
        "deposit_message_root does not match the deposit's public key, credentials and amount",
      );
    }
    const dataRoot = DepositData.hashTreeRoot({ ...message, signature: bytes(deposit.signature) });
    if (!equalBytes(dataRoot, bytes(deposit.deposit_data_root))) {
      at(
        "deposit_data_root_mismatch",
        "deposit_data_root does not match the deposit; the deposit contract would reject it",
      );
    }
    slots.push({
      signatureCheck: signatureChecks.length,
      problem: {
        index,
        code: "signature_invalid",
        message: `the signature is not valid for this public key under fork version ${expected.forkVersion}`,
      },
    });
    signatureChecks.push({
      publicKey: message.pubkey,
      signingRoot: computeSigningRoot(messageRoot, domain),
      signature: bytes(deposit.signature),
    });
    const first = seen.get(deposit.pubkey);
    if (first !== undefined) at("duplicate_pubkey", `repeats the public key of deposit ${first}`);
    else seen.set(deposit.pubkey, index);
    slots.push({
      pubkey: deposit.pubkey,
      problem: {
        index,
        code: "already_deposited",
        message: "this validator has already been deposited; depositing again would not create a new validator",
      },
    });
  });
  return {
    signatureChecks,
    complete(valid, alreadyDeposited = expected.alreadyDeposited) {
      if (valid.length !== signatureChecks.length)
        throw new RangeError(`expected ${signatureChecks.length} signature answers, received ${valid.length}`);
      const problems = slots.flatMap((slot) => {
        if ("signatureCheck" in slot) return valid[slot.signatureCheck] === true ? [] : [slot.problem];
        if ("pubkey" in slot) return alreadyDeposited?.has(slot.pubkey) ? [slot.problem] : [];
        return [slot];
      });
      return problems.length > 0 ? fail(problems) : { ok: true, deposits };
    },
  };
}

/**
 * Re-checks deposit data received from a server before the user signs anything: the format; the fork version
 * of the selected environment; withdrawal credentials of the chosen type pointing at the connected address;
 * each amount; both SSZ roots recomputed; the BLS signature over the deposit domain (by `verifySignatures`);
 * no repeated or already-deposited public key. Every problem is reported, each with the deposit it concerns.
 */
export async function verifyDepositDataWith(
  data: unknown,
  expected: DepositExpectations,
  verifySignatures: VerifySignatures,
): Promise<DepositVerification> {
  const pending = checkDepositData(data, expected);
  if (pending.signatureChecks.length === 0) return pending.complete([]);
  return pending.complete(await verifySignatures(pending.signatureChecks));
}

function fail(problems: readonly DepositProblem[]): DepositVerification {
  return { ok: false, problems };
}
