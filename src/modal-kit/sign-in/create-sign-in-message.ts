import type { Address } from "viem";
import { createSiweMessage } from "viem/siwe";

/** The EIP-4361 message for this page, address and network. */
export function createSignInMessage(args: {
  readonly address: Address;
  readonly chainId: number;
  readonly nonce: string;
  readonly statement?: string | undefined;
  readonly location: Pick<Location, "host" | "origin">;
  readonly now?: Date;
}): string {
  return createSiweMessage({
    address: args.address,
    chainId: args.chainId,
    domain: args.location.host,
    uri: args.location.origin,
    nonce: args.nonce,
    version: "1",
    issuedAt: args.now ?? new Date(),
    ...(args.statement ? { statement: args.statement } : {}),
  });
}
