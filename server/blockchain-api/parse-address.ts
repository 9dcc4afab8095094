import { type Address, checksumAddress } from "viem";
import { ApiError } from "../http/api-error.ts";

const HEX40 = /^(?:0x)?([0-9a-fA-F]{40})$/;

/**
 * An EVM address by the kit's rule (modal-kit spec section 5): 40 hexadecimal digits with an optional 0x,
 * all lower case, all upper case, or in EIP-55 checksum case. Returns the checksummed address; throws a 400
 * naming `field` otherwise.
 */
export function parseAddress(value: unknown, field: string): Address {
  const digits = typeof value === "string" ? HEX40.exec(value)?.[1] : undefined;
  if (digits === undefined) {
    throw new ApiError(
      400,
      "invalid_address",
      `${field}: expected an EVM address, 40 hexadecimal digits with an optional 0x prefix`,
      field,
    );
  }
  const address = checksumAddress(`0x${digits.toLowerCase()}`);
  if (digits !== digits.toLowerCase() && digits !== digits.toUpperCase() && `0x${digits}` !== address) {
    throw new ApiError(
      400,
      "invalid_address",
      `${field}: mixed case that fails its EIP-55 checksum (a typo?): expected all lower case, all upper case or "${address}"`,
      field,
    );
  }
  return address;
}
