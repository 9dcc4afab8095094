import { type LoaderFunctionArgs, redirect } from "react-router-dom";
import { screenTargetOf } from "../core/screen-target.ts";
import { rewardSearch } from "../features/rewards/reward-query.ts";
import { isNetworkSlug, type Network, networks, type Screen } from "../generated/index.ts";

/** An address built from a missing value ("undefined" anywhere in it) belongs on the not-found page. */
export function isBuiltFromMissingValue(address: string): boolean {
  return address.includes("undefined");
}

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

/**
 * /:network/reward: the history's view always stands in the address (type and page), so paging is recognised
 * and keeps the list in view. A bare address is completed here, as part of the same navigation: a later
 * replace from the page would race whatever the visitor does next.
 */
export function rewardLoader(args: LoaderFunctionArgs): null {
  screenLoader("reward")(args);
  const url = new URL(args.request.url);
  if (isBuiltFromMissingValue(`${url.pathname}${url.search}`)) throw redirect("/404");
  if (!url.searchParams.has("type") || !url.searchParams.has("current")) {
    throw redirect(`${url.pathname}${rewardSearch(url.searchParams, {})}${url.hash}`);
  }
  return null;
}

/** Any other unknown address goes to the not-found page. */
export function notFoundLoader(): never {
  throw redirect("/404");
}
