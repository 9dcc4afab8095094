import { ApiError } from "../http/api-error.ts";

/** ENSIP-11: Ethereum mainnet is coin type 60; another EVM chain is 0x80000000 | chain id, for ids below 2^31. */
const ETHEREUM_COIN_TYPE = 60;
const EVM_BIT = 0x8000_0000;

/** The CAIP-2 chain id of an ENSIP-11 EVM coin type; a 400 naming `field` for any other value. */
export function chainOfCoinType(value: unknown, field: string): `eip155:${number}` {
  if (value === ETHEREUM_COIN_TYPE) return "eip155:1";
  if (typeof value === "number" && Number.isInteger(value) && value > EVM_BIT && value < EVM_BIT * 2) {
    return `eip155:${value - EVM_BIT}`;
  }
  throw new ApiError(
    400,
    "invalid_coin_type",
    `${field}: expected an EVM coin type (ENSIP-11): 60 for Ethereum mainnet, or 2147483648 + chain id`,
    field,
  );
}
