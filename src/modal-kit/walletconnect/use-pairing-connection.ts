import { useEffect, useRef } from "react";
import { type Connector, useConnect, useConnectors } from "wagmi";
import { trackConnectAttempt } from "../analytics/connect-events.ts";
import { useKit } from "../modal/kit-context.ts";
import { type PairingUri, usePairingUri } from "./use-pairing-uri.ts";

export interface PairingConnection {
  /** The WalletConnect connector, or undefined when the kit has none (no project id). */
  readonly connector: Connector | undefined;
  readonly pairing: PairingUri | undefined;
  readonly secondsLeft: number;
  readonly expired: boolean;
  /** The last attempt failed; `error` says why. */
  readonly failed: boolean;
  readonly error: unknown;
  /** Starts a new pairing (the retry button). */
  attempt(): void;
}

/**
 * A WalletConnect pairing for a view that shows its QR code: starts once when the connector is there, and
 * starts again when the shown URI expires while no wallet has paired (the 4-minute URI is refreshed 10 s
 * before its end). `onPaired` runs when a wallet connects through it.
 */
export function usePairingConnection(onPaired?: () => void): PairingConnection {
  const connector = useConnectors().find((candidate) => candidate.id === "walletConnect");
  const connect = useConnect();
  const { kit } = useKit();
  const { pairing, secondsLeft, expired } = usePairingUri(connector);
  const started = useRef(false);
  const attempt = () => {
    if (!connector) return;
    started.current = true;
    connect.reset();
    const tracked = trackConnectAttempt(kit.analytics, connector.name);
    connect.mutate(
      { connector },
      {
        onError: tracked.onError,
        onSuccess: (result) => {
          tracked.onSuccess(result);
          onPaired?.();
        },
      },
    );
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: start once per connector; later attempts are refreshes
  useEffect(() => {
    if (connector && !started.current) attempt();
  }, [connector]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh exactly when the shown URI expires
  useEffect(() => {
    if (expired && connect.isPending) attempt();
  }, [expired]);
  return {
    connector,
    pairing,
    secondsLeft,
    expired,
    failed: connect.status === "error",
    error: connect.error,
    attempt,
  };
}
