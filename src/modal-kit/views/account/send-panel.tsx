import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { type Address, formatUnits } from "viem";
import { useConfig, useConnection } from "wagmi";
import type { TokenBalance } from "../../../core/api/blockchain-api.ts";
import { accountBalancesQueryOptions, accountQueryKeys } from "../../account/account-queries.ts";
import type { AccountServices } from "../../account/account-services.ts";
import { checkSendDraft } from "../../account/send-form.ts";
import { type SimulatedSend, sendSimulated, simulateSend } from "../../account/send-transaction.ts";
import { KitError } from "../../errors/kit-error.ts";
import { isUserRejection } from "../../errors/provider-errors.ts";
import { useKit } from "../../modal/kit-context.ts";
import { FormError } from "../form-error.tsx";
import { TokenList, tokenQuantity } from "./token-list.tsx";
import { useAccountBalances } from "./use-account-queries.ts";

/** The balance service's stand-in address for the native coin (forceUpdate takes a token address). */
const NATIVE_TOKEN = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee";

const EMPTY = { symbol: "", amount: "", receiver: "" };

/** The fee shown: rounded up to 8 decimals, so "at most" holds. */
const FEE_DECIMALS = 8;
function feeCeiling(fee: bigint, decimals: number): string {
  if (decimals <= FEE_DECIMALS) return formatUnits(fee, decimals);
  const step = 10n ** BigInt(decimals - FEE_DECIMALS);
  return formatUnits((fee + step - 1n) / step, FEE_DECIMALS);
}

/** The sent token's balance in the balances read after the send: none listed means none left. */
function balanceAfter(balances: readonly TokenBalance[], token: TokenBalance): string {
  const entry = balances.find((balance) =>
    token.address ? balance.address === token.address : !balance.address && balance.symbol === token.symbol,
  );
  return entry ? tokenQuantity(entry) : "0";
}

/**
 * Send: choose a token, enter amount and receiver, review the simulated fee, then sign in the wallet.
 * Once mined, the form is reset, the balances are read again (forceUpdate past the 30 s caches) and the
 * confirmation (SentPanel: hash, explorer, new balance) takes the form's place.
 */
export function SendPanel({
  services,
  address,
  caipNetworkId,
}: {
  readonly services: AccountServices;
  readonly address: Address;
  readonly caipNetworkId: string;
}) {
  const { t } = useTranslation();
  const { kit } = useKit();
  const config = useConfig();
  const { chainId } = useConnection();
  const queryClient = useQueryClient();
  const balances = useAccountBalances(services, address, caipNetworkId);
  const [draft, setDraft] = useState(EMPTY);
  const [simulated, setSimulated] = useState<SimulatedSend | undefined>(undefined);
  const [error, setError] = useState<KitError | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const ids = { token: useId(), amount: useId(), receiver: useId(), error: useId() };
  const tokens = balances.data ?? [];
  const token = tokens.find((entry) => entry.symbol === draft.symbol);
  const native = kit.options.networks.find((chain) => chain.id === chainId)?.nativeCurrency;
  const edit = (patch: Partial<typeof EMPTY>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setSimulated(undefined);
    setError(undefined);
  };

  const review = async () => {
    const order = checkSendDraft({ ...draft, token }, caipNetworkId.split(":")[0] ?? "");
    if (chainId === undefined) throw new KitError("Unsupported chain", "modalKit.errors.unsupportedChain");
    try {
      setSimulated(await simulateSend(config, address, chainId, order));
    } catch (cause) {
      throw new KitError("The transfer would fail", "modalKit.errors.sendSimulationFailed", { cause });
    }
  };
  const send = async (ready: SimulatedSend) => {
    if (chainId === undefined) return;
    let hash: `0x${string}`;
    try {
      hash = await sendSimulated(config, address, chainId, ready);
    } catch (cause) {
      kit.analytics.track("SEND_ERROR", { token: ready.order.token.symbol, userRejected: isUserRejection(cause) });
      throw isUserRejection(cause)
        ? new KitError("The request was rejected in the wallet", "modalKit.errors.provider.userRejected", { cause })
        : new KitError("The transfer failed", "modalKit.errors.sendFailed", { cause });
    }
    kit.analytics.track("SEND_SUCCESS", { token: ready.order.token.symbol, network: caipNetworkId }, address);
    setDraft(EMPTY);
    setSimulated(undefined);
    // The balances once past the server's cache (forceUpdate), then the kit's other data (the native balance
    // among it) fetched again. The balances just read and the time of a failed balance fetch stay: invalidated,
    // the balances would be asked again without forceUpdate, and a failure would be forgotten before its 30 s.
    const after = await queryClient
      .fetchQuery({
        ...accountBalancesQueryOptions(services, address, caipNetworkId, {
          forceUpdate: ready.order.tokenAddress ?? NATIVE_TOKEN,
        }),
        staleTime: 0,
      })
      .catch(() => undefined);
    await queryClient.invalidateQueries({
      queryKey: ["modal-kit"],
      predicate: ({ queryKey: [, kind] }) =>
        kind !== accountQueryKeys.balances[1] && kind !== accountQueryKeys.balanceFailure[1],
    });
    // The confirmation takes the send form's place: its way back is Account.
    kit.store.replace("Account", {
      panel: "sent",
      sent: {
        hash,
        // What the transaction moved, not the text typed ("1.50" shows as 1.5).
        amount: formatUnits(ready.order.value, Number(ready.order.token.quantity.decimals)),
        symbol: ready.order.token.symbol,
        receiver: ready.order.to,
        balance: after ? balanceAfter(after, ready.order.token) : undefined,
      },
    });
  };

  return (
    <form
      className="mk-body mk-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        setError(undefined);
        (simulated ? send(simulated) : review())
          .catch((cause: unknown) =>
            setError(cause instanceof KitError ? cause : new KitError(String(cause), "modalKit.errors.sendFailed")),
          )
          .finally(() => setBusy(false));
      }}
    >
      <label htmlFor={ids.token}>{t("modalKit.send.token")}</label>
      <select
        id={ids.token}
        className="mk-input"
        value={draft.symbol}
        onChange={(event) => edit({ symbol: event.target.value })}
      >
        <option value="">{t("modalKit.send.chooseToken")}</option>
        {tokens.map((entry) => (
          <option key={entry.address ?? entry.symbol} value={entry.symbol}>
            {t("modalKit.send.tokenOption", { symbol: entry.symbol, quantity: tokenQuantity(entry) })}
          </option>
        ))}
      </select>
      {token ? <TokenList balances={[token]} /> : null}
      <label htmlFor={ids.amount}>{t("modalKit.send.amount")}</label>
      <input
        id={ids.amount}
        className="mk-input"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.0"
        value={draft.amount}
        aria-describedby={error ? ids.error : undefined}
        onChange={(event) => edit({ amount: event.target.value })}
      />
      <label htmlFor={ids.receiver}>{t("modalKit.send.receiver")}</label>
      <input
        id={ids.receiver}
        className="mk-input"
        autoComplete="off"
        spellCheck={false}
        placeholder="0x…"
        value={draft.receiver}
        aria-describedby={error ? ids.error : undefined}
        onChange={(event) => edit({ receiver: event.target.value })}
      />
      {simulated && native ? (
        <p className="mk-note" data-testid="mk-send-fee">
          {t("modalKit.send.fee", { fee: feeCeiling(simulated.fee, native.decimals), symbol: native.symbol })}
        </p>
      ) : null}
      <FormError id={ids.error} message={error ? t(error.shortMessage, error.values) : undefined} />
      <button type="submit" className="mk-button" disabled={busy} aria-busy={busy}>
        {t(simulated ? "modalKit.send.confirm" : "modalKit.send.review")}
      </button>
    </form>
  );
}
