import { type LoaderFunctionArgs, redirect } from "react-router-dom";
import { screenTargetOf } from "../core/screen-target.ts";
import { isNetworkSlug, type Network, networks, type Screen } from "../generated/index.ts";

/** /:network whose slug is not in the registry goes to the not-found page. */
export function networkLoader({ params }: LoaderFunctionArgs): null {
  if (!params.network || !isNetworkSlug(params.network)) throw redirect("/404");
  return null;
}

/** /:network/:part whose part is not one of the network's (config "subNetworks") goes to the not-found page. */
export function partLoader({ params }: LoaderFunctionArgs): null {
  const slug = params.network;
  const network: Network | undefined = slug && isNetworkSlug(slug) ? networks[slug] : undefined;
  if (!network || !params.part || !screenTargetOf(network, params.part)) {
    throw redirect("/404");
  }
  return null;
}

/** A dashboard or SSV screen the network does not offer (config "screens") goes to the not-found page. */
export function screenLoader(screen: Screen) {
  return ({ params }: LoaderFunctionArgs): null => {
    const slug = params.network;
    if (!slug || !isNetworkSlug(slug) || !(networks[slug].screens as readonly string[]).includes(screen)) {
      throw redirect("/404");
    }
    return null;
  };
}

/** Any other unknown address goes to the not-found page. */
export function notFoundLoader(): never {
  throw redirect("/404");
}
