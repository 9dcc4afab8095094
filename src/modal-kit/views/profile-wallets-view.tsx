import { useTranslation } from "react-i18next";
import { useConnection, useConnections, useDisconnect, useSwitchConnection } from "wagmi";
import { connectionStatus, describeSwitch, switchPath } from "../connectors/connection-status.ts";
import { shortAddress } from "../format/format-balance.ts";
import { useKit } from "../modal/kit-context.ts";
import { WalletIcon } from "./wallet-icon.tsx";

/**
 * The account switcher: every connected wallet with its status (connected = in use, active = connected but
 * not in use). Picking an active one switches to it through its existing connector; "Add wallet" connects
 * another one.
 */
export function ProfileWalletsView() {
  const { t } = useTranslation();
  const { kit } = useKit();
  const connections = useConnections();
  const { connector: current, address } = useConnection();
  const switchConnection = useSwitchConnection();
  const disconnect = useDisconnect();
  const connectedIds = new Set(connections.map((connection) => connection.connector.id));
  return (
    <div className="mk-body">
      <ul className="mk-list">
        {connections.map(({ connector, accounts }) => {
          const status = connectionStatus(connector.id, { activeConnectorId: current?.id, connectedIds });
          return (
            <li key={connector.uid} className="mk-wallet-entry">
              <button
                type="button"
                className="mk-row"
                aria-current={status === "connected" ? "true" : undefined}
                onClick={() => {
                  if (switchPath(status) !== "reconnect") return kit.store.replace("Account");
                  const before = { address, connectorId: current?.id };
                  switchConnection.mutate(
                    { connector },
                    {
                      onSuccess: ({ accounts }) => {
                        const [now] = accounts;
                        if (now) {
                          const after = { address: now, connectorId: connector.id, namespace: "eip155" };
                          kit.reportSwitch(describeSwitch(before, after));
                        }
                        kit.store.replace("Account");
                      },
                    },
                  );
                }}
              >
                <WalletIcon name={connector.name} src={connector.icon} size={32} />
                <span className="mk-row-name">
                  {connector.name}
                  <br />
                  <small>{shortAddress(accounts[0])}</small>
                </span>
                <span className="mk-tag">{t(`modalKit.profileWallets.status.${status}`)}</span>
              </button>
              <button
                type="button"
                className="mk-link-button"
                aria-label={t("modalKit.profileWallets.disconnect", { name: connector.name })}
                onClick={() => disconnect.mutate({ connector })}
              >
                ×
              </button>
            </li>
          );
        })}
      </ul>
      <button type="button" className="mk-button" onClick={() => kit.store.push("Connect")}>
        {t("modalKit.profileWallets.addWallet")}
      </button>
    </div>
  );
}
