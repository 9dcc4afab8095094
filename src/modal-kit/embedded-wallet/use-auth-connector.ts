import { useMemo } from "react";
import { useConnectors } from "wagmi";
import { AUTH_CONNECTOR_ID } from "./auth-connector.ts";
import type { FrameMessenger } from "./frame-messenger.ts";

/** The embedded wallet's connector and its frame messenger, when the host enabled the e-mail wallet. */
export function useAuthConnector() {
  const connector = useConnectors().find((candidate) => candidate.id === AUTH_CONNECTOR_ID);
  const messenger = (connector as { messenger?: FrameMessenger } | undefined)?.messenger;
  return useMemo(() => (connector && messenger ? { connector, messenger } : undefined), [connector, messenger]);
}
