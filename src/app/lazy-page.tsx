import i18next from "i18next";
import type { ComponentType } from "react";
import { Navigate } from "react-router-dom";
import { hasReloadMarker, withoutReloadMarker } from "./reload-marker.ts";
import { loadAllSourceTexts } from "./source-texts.ts";

/** Rendered in place of a page whose module failed to load: the router goes to /404. */
function PageLoadFailed() {
  return <Navigate to="/404" replace />;
}

/**
 * A route's `lazy` for a page module, loaded with the rest of en_US (the entry has only the home page's texts,
 * see source-texts.ts). When the module fails to load (a deployment removed the chunk, the network dropped):
 * with the reload marker in the address, an alert says the site was updated and the page reloads without the
 * marker; otherwise the router goes to /404.
 */
export function lazyPage<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return async (): Promise<{ Component: ComponentType }> => {
    try {
      const [module] = await Promise.all([load(), loadAllSourceTexts()]);
      return { Component: pick(module) };
    } catch (error) {
      console.error("page module failed to load", error);
      if (hasReloadMarker(window.location.search)) {
        window.alert(i18next.t("errors.staleModule"));
        window.location.replace(withoutReloadMarker(window.location.href));
        // The document is being replaced; keep the router waiting instead of rendering anything.
        return new Promise<never>(() => {});
      }
      return { Component: PageLoadFailed };
    }
  };
}
