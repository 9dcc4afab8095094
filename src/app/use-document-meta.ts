import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useMatches } from "react-router-dom";
import { nameOfTarget, screenTargetOf } from "../core/screen-target.ts";
import { app, isNetworkSlug, networks } from "../generated/index.ts";
import { isRouteHandle } from "./route-handle.ts";

/** Sets the description meta tag, creating it when the document has none. */
function setDescription(content: string): void {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement("meta");
    tag.name = "description";
    document.head.append(tag);
  }
  tag.content = content;
}

/**
 * After each navigation (and language change) the title becomes "{route title} | Stake {brand}" and the
 * description meta tag the route's description, both from the deepest route that names its texts.
 */
export function useDocumentMeta(): void {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const location = useLocation();
  const handle = matches.map((match) => match.handle).findLast(isRouteHandle);
  const params = matches.at(-1)?.params ?? {};
  const slug = params.network;
  // The route's network, or the part of it (/conflux/espace/...): its name, and the coin staked there.
  const target = slug && isNetworkSlug(slug) ? screenTargetOf(networks[slug], params.part) : undefined;
  const network = target ? nameOfTarget(target) : "";
  const symbol = target?.network.symbol ?? "";
  const meta = handle?.meta ?? "home";
  const language = i18n.language;

  // biome-ignore lint/correctness/useExhaustiveDependencies: also runs on every navigation (location.key) and language change
  useEffect(() => {
    const values = { brand: app.brand, network, symbol };
    const title = t(`meta.routes.${meta}.title`, values);
    document.title = t("meta.title", { title, brand: app.brand });
    setDescription(t(`meta.routes.${meta}.description`, values));
  }, [location.key, meta, network, symbol, language, t]);
}
