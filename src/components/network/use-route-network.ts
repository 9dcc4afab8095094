import { useParams } from "react-router-dom";
import { isNetworkSlug, type Network, networks } from "../../generated/index.ts";

/** The network named by the route's :network parameter; the route's loader has already sent unknown slugs to /404. */
export function useRouteNetwork(): Network {
  const slug = useParams().network;
  if (!slug || !isNetworkSlug(slug)) throw new Error(`no network "${slug}" in the registry`);
  return networks[slug];
}
