import { checksumAddress } from "viem";
import type { Problem } from "../problem.ts";
import type { CheckedFile, Rule } from "./context.ts";

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const ZERO = /^0x0{40}$/;

/**
 * Addresses must be in EIP-55 checksum case. A mixed-case address whose checksum fails is most likely a
 * typo, so the message says to re-check it against its source instead of offering a "fixed" form.
 */
export const checksummedAddresses: Rule = ({ app, networks }) =>
  [...networks, ...(app ? [app] : [])].flatMap((source: CheckedFile) => {
    const problems: Problem[] = [];
    for (const mark of source.marks) {
      if (mark.kind !== "address" || typeof mark.value !== "string" || !HEX_ADDRESS.test(mark.value)) continue;
      const address = mark.value;
      const at = (message: string) => problems.push({ file: source.file, pointer: mark.pointer, message });
      if (ZERO.test(address)) {
        at(
          `"${address}" is the zero address: expected the address of a deployed contract (leave the slot out if it is unknown)`,
        );
        continue;
      }
      const checksummed = checksumAddress(address.toLowerCase() as `0x${string}`);
      if (address === checksummed) continue;
      const body = address.slice(2);
      if (body === body.toLowerCase() || body === body.toUpperCase()) {
        at(`"${address}" has no EIP-55 checksum: expected "${checksummed}"`);
      } else {
        at(
          `"${address}" fails its EIP-55 checksum, so it may contain a typo: expected the exact address from its source (in checksum case it would read "${checksummed}")`,
        );
      }
    }
    return problems;
  });
