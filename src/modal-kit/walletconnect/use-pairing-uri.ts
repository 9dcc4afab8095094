import { useEffect, useState } from "react";
import type { Connector } from "wagmi";
import { isPairingExpired, pairingExpiresAt, pairingSecondsLeft } from "./pairing-expiry.ts";

export interface PairingUri {
  readonly uri: string;
  readonly expiresAt: number;
}

/** The pairing URI the WalletConnect connector announces (its display_uri message), with a 1 s countdown. */
export function usePairingUri(connector: Connector | undefined): {
  readonly pairing: PairingUri | undefined;
  readonly secondsLeft: number;
  readonly expired: boolean;
} {
  const [pairing, setPairing] = useState<PairingUri | undefined>(undefined);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!connector) return;
    const onMessage = (message: { type: string; data?: unknown }) => {
      if (message.type !== "display_uri" || typeof message.data !== "string") return;
      const receivedAt = Date.now();
      setNow(receivedAt);
      setPairing({ uri: message.data, expiresAt: pairingExpiresAt(message.data, receivedAt) });
    };
    connector.emitter.on("message", onMessage);
    return () => connector.emitter.off("message", onMessage);
  }, [connector]);
  useEffect(() => {
    if (!pairing) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [pairing]);
  return {
    pairing,
    secondsLeft: pairing ? pairingSecondsLeft(pairing.expiresAt, now) : 0,
    expired: pairing ? isPairingExpired(pairing.expiresAt, now) : false,
  };
}
