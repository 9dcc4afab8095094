import { useCallback } from "react";
import { useSearchParams } from "react-router-dom";
import { type Address, getAddress, isAddress } from "viem";
import { useWalletConnection } from "../wallet/wallet-access.tsx";

/** Whose data a dashboard screen shows, and where that address came from. */
export interface ViewedOwner {
  /** The address typed into the page (`?address=`) when valid, else the connected wallet's, else none. */
  readonly owner: Address | undefined;
  readonly source: "address" | "wallet" | undefined;
  /** The raw `?address=` value ("" when absent), valid or not. */
  readonly typed: string;
  /** Shows another address (kept in the page address, so it can be shared); "" goes back to the wallet's. */
  view(address: string): void;
}

/**
 * The owner a dashboard screen shows: any address given as `?address=0x...` (no wallet needed), otherwise the
 * connected wallet's. Addresses come out checksummed (EIP-55).
 */
export function useViewedOwner(): ViewedOwner {
  const connection = useWalletConnection();
  const [params, setParams] = useSearchParams();
  const typed = params.get("address") ?? "";
  const view = useCallback(
    (address: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (address) next.set("address", address);
          else next.delete("address");
          next.delete("current");
          return next;
        },
        { replace: false },
      ),
    [setParams],
  );
  if (isAddress(typed, { strict: false })) return { owner: getAddress(typed), source: "address", typed, view };
  if (connection.address) return { owner: getAddress(connection.address), source: "wallet", typed, view };
  return { owner: undefined, source: undefined, typed, view };
}
