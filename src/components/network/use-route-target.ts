import { useParams } from "react-router-dom";
import { type ScreenTarget, screenTargetOf } from "../../core/screen-target.ts";
import { useRouteNetwork } from "./use-route-network.ts";

/**
 * The network, or the part of it, named by the route's :network and :part parameters; the route's loaders
 * have already sent unknown ones to /404.
 */
export function useRouteTarget(): ScreenTarget {
  const network = useRouteNetwork();
  const partId = useParams().part;
  const target = screenTargetOf(network, partId);
  if (!target) throw new Error(`no part "${partId}" of ${network.slug} in the registry`);
  return target;
}
