import {
  type Address,
  type Hex,
  hashMessage,
  isAddressEqual,
  isErc6492Signature,
  type PublicClient,
  recoverAddress,
} from "viem";
import { SIGNATURE_BYTES } from "../../src/core/api/siwe-verify.ts";
import { ApiError } from "../http/api-error.ts";
import { type ContractSignatureVerdict, SIGNATURE_CHECK_GAS, verifyContractSignature } from "./contract-signature.ts";

/** secp256k1's group order: r and s of a signature lie in 1 … N-1. */
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const invalid = (message: string) => new ApiError(400, "invalid_signature", `signature: ${message}`, "signature");
const notTheSigner = () =>
  new ApiError(401, "bad_signature", "signature: it was not made by the message's address", "signature");

/** Checks the form only: 0x and whole bytes, within SIGNATURE_BYTES. Throws a 400 naming what is wrong. */
export function assertSignatureForm(signature: string): asserts signature is Hex {
  if (!/^0x(?:[0-9a-fA-F]{2})*$/.test(signature)) {
    throw invalid("expected 0x followed by an even number of hexadecimal digits");
  }
  const bytes = (signature.length - 2) / 2;
  if (bytes < SIGNATURE_BYTES.min || bytes > SIGNATURE_BYTES.max) {
    throw invalid(`expected ${SIGNATURE_BYTES.min} to ${SIGNATURE_BYTES.max} bytes, got ${bytes}`);
  }
}

/** What makes a signature unusable as an account key's (r, s, v) signature, or undefined when its form is right. */
function ecdsaProblem(signature: Hex): string | undefined {
  const bytes = (signature.length - 2) / 2;
  if (bytes !== 65) return `an account without code signs with its key: expected 65 bytes (r, s, v), got ${bytes}`;
  const v = Number.parseInt(signature.slice(130), 16);
  if (![0, 1, 27, 28].includes(v)) return `its v byte is ${v}: expected 27 or 28`;
  const r = BigInt(`0x${signature.slice(2, 66)}`);
  const s = BigInt(`0x${signature.slice(66, 130)}`);
  if (r === 0n || r >= N) return "its r value is out of range: expected 1 to the curve order minus 1";
  if (s === 0n || s >= N) return "its s value is out of range: expected 1 to the curve order minus 1";
  return undefined;
}

async function recovers(hash: Hex, signature: Hex, address: Address): Promise<"yes" | "no" | "no-key"> {
  try {
    return isAddressEqual(await recoverAddress({ hash, signature }), address) ? "yes" : "no";
  } catch {
    return "no-key";
  }
}

/**
 * Checks that `address` signed `message` (EIP-191 personal_sign), the way the chain would: an account's key
 * (checked here, no chain needed), or a contract wallet through the chain — a deployed one answers EIP-1271
 * isValidSignature, one not deployed yet proves itself with an ERC-6492 signature (verifyContractSignature,
 * every eth_call capped at SIGNATURE_CHECK_GAS). Throws ApiError: 400 for a signature no account could have
 * made, 401 for one the address did not make, 422 for a wallet contract whose check burns more than the gas
 * cap, 503 when the chain cannot be reached to ask a contract.
 */
export async function checkSignature(
  chain: { readonly chainId: number; readonly client: PublicClient | undefined },
  { address, message, signature }: { address: Address; message: string; signature: Hex },
): Promise<void> {
  const hash = hashMessage(message);
  const form = ecdsaProblem(signature);
  const byKey = form === undefined ? await recovers(hash, signature, address) : "no-key";
  if (byKey === "yes") return;
  const unavailable = () =>
    new ApiError(
      503,
      "chain_unavailable",
      `signature: chain ${chain.chainId} cannot be reached to ask the wallet contract; try again shortly`,
      "signature",
      5,
    );
  if (!chain.client) throw unavailable();
  let code: Hex | undefined;
  try {
    code = await chain.client.getCode({ address });
  } catch {
    throw unavailable();
  }
  const deployed = code !== undefined && code !== "0x";
  const counterfactual = isErc6492Signature(signature);
  if (deployed || counterfactual || form?.startsWith("an account without code")) {
    let verdict: ContractSignatureVerdict;
    try {
      verdict = await verifyContractSignature(chain.client, { address, hash, signature, deployed });
    } catch {
      throw unavailable();
    }
    if (verdict === "valid") return;
    if (verdict === "out-of-gas") {
      throw new ApiError(
        422,
        "signature_check_out_of_gas",
        `signature: the wallet contract's check needs more than ${SIGNATURE_CHECK_GAS.toLocaleString("en-US")} gas, the most this server lets one signature check spend`,
        "signature",
      );
    }
    if (deployed || counterfactual) throw notTheSigner();
  }
  // An account without code: only its key can sign, so a signature of the wrong form is malformed.
  if (form !== undefined) throw invalid(form);
  if (byKey === "no-key") throw invalid("it matches no public key: r is not a point of the curve");
  throw notTheSigner();
}
