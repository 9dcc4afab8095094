import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { accountNamesQueryOptions, identityQueryOptions } from "../account/account-queries.ts";
import { accountServicesFor } from "../account/account-services.ts";
import type { ModalKit } from "../kit/create-modal-kit.ts";

/**
 * ProfileNameSync's reads for a connected address: its first registered name, else its identity's name, as the
 * Account view shows it. The same queries as Account (one cache, kept in local storage), so a name registered in
 * the kit shows at once. Failures say nothing here: Account's own reads show their toasts.
 */
export default function ProfileNameQueries({ kit, address }: { readonly kit: ModalKit; readonly address: string }) {
  const services = accountServicesFor(kit);
  const names = useQuery(accountNamesQueryOptions(services, address));
  const identity = useQuery(identityQueryOptions(services, address));
  const profileName = names.data?.[0]?.name ?? identity.data?.name ?? undefined;
  useEffect(() => {
    kit.connection.setState({ profileName });
  }, [kit, profileName]);
  // Another account, or none: this one's name goes with it.
  useEffect(() => () => kit.connection.setState({ profileName: undefined }), [kit]);
  return null;
}
