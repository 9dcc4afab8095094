import { useMemo } from "react";
import { useConnectors } from "wagmi";
import type { SocialSettings } from "./auth-connector.ts";
import { AUTH_CONNECTOR_ID } from "./auth-connector-id.ts";
import type { FrameMessenger } from "./frame-messenger.ts";

/** The embedded wallet's connector, its frame messenger and social settings, when the host enabled the e-mail wallet. */
export function useAuthConnector() {
  const connector = useConnectors().find((candidate) => candidate.id === AUTH_CONNECTOR_ID);
  const { messenger, social } = (connector ?? {}) as { messenger?: FrameMessenger; social?: SocialSettings };
  return useMemo(
    () => (connector && messenger && social ? { connector, messenger, social } : undefined),
    [connector, messenger, social],
  );
}
