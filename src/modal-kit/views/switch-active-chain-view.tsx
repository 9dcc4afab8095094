import { useTranslation } from "react-i18next";
import { useChains } from "wagmi";
import { useKit } from "../modal/kit-context.ts";
import type { ChainNamespace, RouteData } from "../router/views.ts";
import { useStore } from "../store/use-store.ts";

/** Namespaces the kit has an adapter for: every configured network is an EVM (eip155) chain. */
const namespaceOfChains = (count: number): ReadonlySet<ChainNamespace> => new Set(count > 0 ? ["eip155"] : []);

/**
 * The namespace switch flow (spec section 2): the host asked for a connection in another chain namespace
 * than the active one. When the app has networks in that namespace the user goes on to connect a wallet for
 * it (Connect for that namespace; the router shows Account once it is active); otherwise the view says the
 * network is not configured and offers to stay on the active namespace.
 */
export function SwitchActiveChainView({ data }: { readonly data: RouteData }) {
  const { t } = useTranslation();
  const { kit } = useKit();
  const chains = useChains();
  const active = useStore(kit.connection, (facts) => facts.namespace);
  const wanted = data.namespace;
  const available = wanted !== undefined && namespaceOfChains(chains.length).has(wanted);
  const name = (namespace: ChainNamespace | undefined) =>
    namespace ? t(`modalKit.namespaces.${namespace}`) : t("modalKit.namespaces.none");
  return (
    <div className="mk-body">
      <p className="mk-note">{t("modalKit.switchActiveChain.intro", { active: name(active), wanted: name(wanted) })}</p>
      {available ? (
        <button
          type="button"
          className="mk-button"
          onClick={() => kit.store.push("Connect", wanted ? { namespace: wanted } : {})}
        >
          {t("modalKit.switchActiveChain.connect", { wanted: name(wanted) })}
        </button>
      ) : (
        <p className="mk-status" role="alert">
          {t("modalKit.switchActiveChain.notConfigured", { wanted: name(wanted) })}
        </p>
      )}
      <button type="button" className="mk-link-button" onClick={() => kit.close()}>
        {t("modalKit.switchActiveChain.stay", { active: name(active) })}
      </button>
    </div>
  );
}
