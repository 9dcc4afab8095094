import { type Hex, hexToBytes, isHex } from "viem";
import { text } from "../ui/texts.ts";
import { type DetailRow, networkName } from "./describe-transaction.ts";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** personal_sign's message as text when it is UTF-8 without control characters, else null (shown as hex). */
function messageText(message: string): string | null {
  if (!isHex(message)) return message;
  try {
    const decoded = utf8.decode(hexToBytes(message));
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters mark binary data.
    return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(decoded) ? null : decoded;
  } catch {
    return null;
  }
}

/** What personal_sign's approval shows: the account and the message, as text or as hex. */
export function messageRows(account: string, message: string): DetailRow[] {
  const decoded = messageText(message);
  return [[text("account"), account], decoded === null ? [text("messageHex"), message] : [text("message"), decoded]];
}

/** The parts of EIP-712 typed data the approval shows. */
export interface TypedData {
  readonly domain?: { readonly name?: string; readonly chainId?: number | string; readonly verifyingContract?: Hex };
  readonly primaryType?: string;
  readonly message?: unknown;
}

/** What eth_signTypedData_v4's approval shows: the domain (name, network, verifying contract), primary type, message. */
export function typedDataRows(account: string, typed: TypedData): DetailRow[] {
  const { domain = {} } = typed;
  return [
    [text("account"), account],
    ...(domain.name ? [[text("domainName"), domain.name] as const] : []),
    ...(domain.chainId !== undefined ? [[text("network"), networkName(Number(domain.chainId))] as const] : []),
    ...(domain.verifyingContract ? [[text("verifyingContract"), domain.verifyingContract] as const] : []),
    [text("primaryType"), typed.primaryType ?? ""],
    [text("message"), JSON.stringify(typed.message ?? {}, null, 1)],
  ];
}
