import { useTranslation } from "react-i18next";
import { useDisconnect } from "wagmi";
import { useKit } from "../modal/kit-context.ts";
import { NetworkList } from "./network-list.tsx";

/** The wallet is on a network the app does not offer: switch to one it does, or disconnect. */
export function UnsupportedChainView() {
  const { t } = useTranslation();
  const { kit } = useKit();
  const disconnect = useDisconnect();
  return (
    <div className="mk-body">
      <p className="mk-note">{t("modalKit.networks.unsupportedHelp")}</p>
      <NetworkList onSwitched={() => kit.store.replace("Account")} />
      <button
        type="button"
        className="mk-link-button"
        onClick={() => disconnect.mutate(undefined, { onSuccess: () => kit.store.close() })}
      >
        {t("modalKit.account.disconnect")}
      </button>
    </div>
  );
}
