import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { accountNamesQueryOptions, identityQueryOptions } from "../account/account-queries.ts";
import { accountServicesFor } from "../account/account-services.ts";
import type { ModalKit } from "../kit/create-modal-kit.ts";
import { useStore } from "../store/use-store.ts";

/**
 * Keeps the kit's profile name (kit.connection's `profileName`, which the header's button shows) for the
 * connected account: its first registered name, else its identity's name, as the Account view shows it. The
 * same queries as Account (one cache, kept in local storage), so a name registered in the kit shows at once.
 * Failures say nothing here: Account's own reads show their toasts.
 */
export function ProfileNameSync({ kit }: { readonly kit: ModalKit }) {
  const address = useStore(kit.connection, (state) => state.address);
  const services = accountServicesFor(kit);
  const names = useQuery(accountNamesQueryOptions(address ? services : undefined, address ?? ""));
  const identity = useQuery(identityQueryOptions(address ? services : undefined, address ?? ""));
  const profileName = address ? (names.data?.[0]?.name ?? identity.data?.name ?? undefined) : undefined;
  useEffect(() => {
    kit.connection.setState({ profileName });
  }, [kit, profileName]);
  return null;
}
