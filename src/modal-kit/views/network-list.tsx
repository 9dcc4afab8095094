import { useTranslation } from "react-i18next";
import { useChains, useConnection, useSwitchChain } from "wagmi";
import { isUserRejection, toProviderError } from "../errors/provider-errors.ts";
import { useKit } from "../modal/kit-context.ts";

/**
 * The configured networks, the current one marked. Picking another asks the wallet to switch; a wallet that
 * does not know the network (4902) is asked by wagmi to add it with the chain's data from config
 * (wallet_addEthereumChain) and then switch.
 */
export function NetworkList({ onSwitched }: { readonly onSwitched: () => void }) {
  const { t } = useTranslation();
  const { kit } = useKit();
  const chains = useChains();
  const { chainId } = useConnection();
  const switchChain = useSwitchChain();
  const pending = switchChain.isPending ? switchChain.variables?.chainId : undefined;
  const error = switchChain.error;
  return (
    <>
      <ul className="mk-list">
        {chains.map((chain) => (
          <li key={chain.id}>
            <button
              type="button"
              className="mk-row"
              aria-current={chain.id === chainId ? "true" : undefined}
              disabled={switchChain.isPending}
              onClick={() => {
                if (chain.id === chainId) return onSwitched();
                switchChain.mutate(
                  { chainId: chain.id },
                  {
                    onSuccess: () => {
                      kit.analytics.track("SWITCH_NETWORK", { network: `eip155:${chain.id}` });
                      onSwitched();
                    },
                  },
                );
              }}
            >
              <span className="mk-row-name">{chain.name}</span>
              {chain.id === chainId ? <span className="mk-tag">{t("modalKit.networks.current")}</span> : null}
              {chain.id === pending ? <span className="mk-tag">{t("modalKit.networks.switching")}</span> : null}
            </button>
          </li>
        ))}
      </ul>
      <p className="mk-status" role={error ? "alert" : undefined}>
        {error
          ? t(isUserRejection(error) ? "modalKit.networks.switchRejected" : toProviderError(error).shortMessage)
          : null}
      </p>
    </>
  );
}
