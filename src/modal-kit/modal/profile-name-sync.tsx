import { lazy, Suspense } from "react";
import type { ModalKit } from "../kit/create-modal-kit.ts";
import { useStore } from "../store/use-store.ts";

// The blockchain API's client and its answer checks (zod) load once an account is connected, not to show Connect.
const ProfileNameQueries = lazy(() => import("./profile-name-queries.tsx"));

/**
 * Keeps the kit's profile name (kit.connection's `profileName`, which the header's button shows) for the
 * connected account, read by ProfileNameQueries when the kit has a blockchain API; none while disconnected
 * (ProfileNameQueries clears it as it goes).
 */
export function ProfileNameSync({ kit }: { readonly kit: ModalKit }) {
  const address = useStore(kit.connection, (state) => state.address);
  if (!address || !kit.options.blockchainApiUrl) return null;
  return (
    <Suspense fallback={null}>
      <ProfileNameQueries key={address} kit={kit} address={address} />
    </Suspense>
  );
}
