import {
  type Address,
  encodeDeployData,
  encodeFunctionData,
  erc6492SignatureValidatorAbi,
  erc6492SignatureValidatorByteCode,
  type Hex,
  hexToBool,
  isErc6492Signature,
  type PublicClient,
  parseErc6492Signature,
} from "viem";

/**
 * The most gas one signature check may make the chain's node spend, per eth_call. A wallet contract's check
 * (EIP-1271 isValidSignature) and an ERC-6492 factory deploying a wallet (a Safe proxy, a passkey account's
 * WebAuthn check) take well under 1,000,000; a signature whose contract burns more is refused, so nobody can
 * make the server run the node's whole call budget (30,000,000 to 50,000,000 gas) per request.
 */
export const SIGNATURE_CHECK_GAS = 2_000_000n;

/** What the chain said about a contract wallet's signature. */
export type ContractSignatureVerdict = "valid" | "invalid" | "out-of-gas";

const EIP1271_MAGIC = "0x1626ba7e";
const isValidSignatureAbi = [
  {
    type: "function",
    name: "isValidSignature",
    stateMutability: "view",
    inputs: [
      { name: "hash", type: "bytes32" },
      { name: "signature", type: "bytes" },
    ],
    outputs: [{ name: "", type: "bytes4" }],
  },
] as const;

/** An eth_call's outcome: its return data, a revert, or the gas cap reached. Anything else throws. */
type Outcome = { readonly data: Hex } | "reverted" | "out-of-gas";

async function cappedCall(client: PublicClient, request: { to?: Address; data: Hex }, gas: bigint): Promise<Outcome> {
  try {
    const { data } = await client.call({ ...request, gas });
    return { data: data ?? "0x" };
  } catch (error) {
    const { text, codes } = describe(error);
    // Nodes word it differently: geth "out of gas", anvil and reth "EVM error OutOfGas" (or "…OOG").
    if (/out ?of ?gas|OOG\b/i.test(text)) return "out-of-gas";
    // JSON-RPC code 3 (or the words) is the EVM reverting; anything else (a time-out, no node) is not an answer.
    if (codes.includes(3) || /revert/i.test(text)) return "reverted";
    throw error;
  }
}

/** Every message and JSON-RPC code along an error's chain of causes. */
function describe(error: unknown): { text: string; codes: number[] } {
  const parts: string[] = [];
  const codes: number[] = [];
  for (let at: unknown = error, depth = 0; at && depth < 10; depth++) {
    const entry = at as { message?: unknown; details?: unknown; code?: unknown; cause?: unknown };
    for (const part of [entry.message, entry.details]) if (typeof part === "string") parts.push(part);
    if (typeof entry.code === "number") codes.push(entry.code);
    at = entry.cause;
  }
  return { text: parts.join(" | "), codes };
}

/**
 * Checks a contract wallet's signature over `hash` the way ERC-6492's universal validator does, with every
 * eth_call capped at `gas` (SIGNATURE_CHECK_GAS):
 * - a deployed wallet: EIP-1271 isValidSignature called directly (an ERC-6492 wrapper is unwrapped first); if
 *   that says no and the signature is wrapped, the validator's "prepare" path (factory call, then again);
 * - a wallet not deployed yet, with an ERC-6492 signature: its factory call on its own first, so that a factory
 *   that burns gas is told apart from one that reverts, then the deployless validator (deploy, then check);
 * - anything else: the deployless validator (which recovers an account key's signature).
 * "out-of-gas" when a top-level call reached the cap. A wallet whose isValidSignature burns gas after an ERC-6492
 * deploy is seen only through the validator, which turns its inner failure into a revert: "invalid", still
 * within the cap. Throws (viem's errors) when the node cannot be reached.
 */
export async function verifyContractSignature(
  client: PublicClient,
  { address, hash, signature, deployed }: { address: Address; hash: Hex; signature: Hex; deployed: boolean },
  gas: bigint = SIGNATURE_CHECK_GAS,
): Promise<ContractSignatureVerdict> {
  const wrapped = isErc6492Signature(signature);
  let unwrapped: ReturnType<typeof parseErc6492Signature> = { signature };
  try {
    if (wrapped) unwrapped = parseErc6492Signature(signature);
  } catch {
    return "invalid"; // the ERC-6492 suffix over bytes that are not (factory, data, signature)
  }
  if (deployed) {
    const inner = unwrapped.signature;
    const data = encodeFunctionData({
      abi: isValidSignatureAbi,
      functionName: "isValidSignature",
      args: [hash, inner],
    });
    const outcome = await cappedCall(client, { to: address, data }, gas);
    if (outcome === "out-of-gas") return outcome;
    if (outcome !== "reverted" && outcome.data.startsWith(EIP1271_MAGIC)) return "valid";
    if (!wrapped) return "invalid";
  } else if (wrapped) {
    const { address: factory, data } = unwrapped;
    if (!factory || !data) return "invalid";
    const deploy = await cappedCall(client, { to: factory, data }, gas);
    if (deploy === "out-of-gas") return deploy;
    if (deploy === "reverted") return "invalid"; // the wallet cannot be deployed, so it cannot sign
  }
  const validation = await cappedCall(
    client,
    {
      data: encodeDeployData({
        abi: erc6492SignatureValidatorAbi,
        args: [address, hash, signature],
        bytecode: erc6492SignatureValidatorByteCode,
      }),
    },
    gas,
  );
  if (validation === "out-of-gas") return validation;
  if (validation === "reverted") return "invalid";
  try {
    return hexToBool(validation.data) ? "valid" : "invalid";
  } catch {
    return "invalid";
  }
}
