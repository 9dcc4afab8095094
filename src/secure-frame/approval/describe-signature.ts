import { hexToBytes, isHex } from "viem";
import { text } from "../ui/texts.ts";
import type { DetailRow } from "./chain-terms.ts";

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
