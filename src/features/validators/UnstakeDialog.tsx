import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type Address, formatUnits, isAddressEqual, parseGwei, parseUnits } from "viem";
import type { Config } from "wagmi";
import { TransactionPanel } from "../../components/transaction/TransactionPanel.tsx";
import type { TransactionFlowControls } from "../../components/transaction/use-transaction-flow.ts";
import { WrongChainNotice } from "../../components/transaction/WrongChainNotice.tsx";
import {
  buildWithdrawalRequest,
  maxPartialWithdrawalGwei,
  type WithdrawalChoice,
} from "../../families/ethereum-beacon/build-withdrawal-request.ts";
import {
  InvalidWithdrawalAmountError,
  NotWithdrawalAddressError,
  PartialBelowMinimumError,
} from "../../families/ethereum-beacon/unstake-errors.ts";
import { readFee, withdrawalFeeQueryOptions } from "../../families/ethereum-beacon/withdrawal-fee-query.ts";
import type { DurationRange } from "../../generated/index.ts";
import type { ListedValidator } from "../../lib/api/validators.ts";
import { AppError } from "../../lib/app-error.ts";
import { formatCoinExact } from "../../lib/format-coin.ts";
import { describeWithdrawalTime } from "./describe-withdrawal-time.ts";
import { UnstakeSummary } from "./UnstakeSummary.tsx";
import { WithdrawalFeeText } from "./WithdrawalFeeText.tsx";

export interface UnstakeDialogProps {
  readonly validator: ListedValidator;
  /** "Validator 12": the validator's name in texts. */
  readonly label: string;
  readonly symbol: string;
  readonly decimals: number;
  /** What a partial withdrawal must leave, in wei (config `staking.perValidator`). */
  readonly minimumBalanceWei: bigint;
  readonly withdrawalTime: DurationRange | undefined;
  /** The EIP-7002 request contract (config `contracts.withdrawal`). */
  readonly contract: Address;
  readonly chain: { readonly id: number; readonly name: string; readonly symbol: string };
  readonly config: Config | undefined;
  /** The connected account and its chain (undefined when no wallet is connected). */
  readonly account: Address | undefined;
  readonly walletChainId: number | undefined;
  readonly controls: TransactionFlowControls;
  readonly explorerUrl: string | undefined;
  /**
   * Reads the validator again from the backend (undefined when it is no longer listed): a partial withdrawal
   * is checked against this balance, not the one the list showed when the dialog opened.
   */
  readLatest(): Promise<ListedValidator | undefined>;
  onConnect(): void;
  onClose(): void;
}

const AMOUNT = /^(0|[1-9][0-9]*)(\.[0-9]{1,9})?$/;

/**
 * The unstake dialog (a native modal <dialog>: focus stays inside, Escape closes, focus returns to the
 * button that opened it): a partial withdraw (compounding 0x02 validators, leaving at least 32 ETH) or a
 * full withdraw (exit) through the EIP-7002 request contract, paying the current request fee plus a safety
 * buffer. Only the validator's withdrawal address can send the request; any other account is refused here.
 */
export function UnstakeDialog(props: UnstakeDialogProps) {
  const { validator, label, symbol, decimals, minimumBalanceWei, contract, chain, config, account } = props;
  const { controls, onClose } = props;
  const { t } = useTranslation();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const compounding = validator.withdrawalCredentials.startsWith("0x02");
  const [choice, setChoice] = useState<WithdrawalChoice["kind"]>(compounding ? "partial" : "exit");
  const [amount, setAmount] = useState("");
  const [amountError, setAmountError] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState<AppError | undefined>(undefined);
  const [reading, setReading] = useState(false);
  // The validator as last read: its balance bounds a partial withdrawal (read again on every review).
  const [latest, setLatest] = useState(validator);
  const fee = useQuery(withdrawalFeeQueryOptions(config, chain.id, contract));
  const { flow } = controls;

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => opener?.focus();
  }, []);

  // Request fees are usually a few wei: say so rather than show 18 decimals.
  const coin = (wei: bigint) =>
    wei < parseGwei("1") ? t("unstake.wei", { amount: wei.toString() }) : formatCoinExact(wei, decimals, symbol);
  const maximumGwei = maxPartialWithdrawalGwei(BigInt(latest.balanceWei), minimumBalanceWei);
  const withdrawalAddress = validator.withdrawalAddress;
  const wrongAccount =
    account && withdrawalAddress && !isAddressEqual(account, withdrawalAddress)
      ? new NotWithdrawalAddressError(withdrawalAddress, account)
      : undefined;
  const wrongChain = account !== undefined && props.walletChainId !== chain.id;
  const takes = describeWithdrawalTime(t, props.withdrawalTime);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    setAmountError(undefined);
    if (!account || !config) return;
    let request: WithdrawalChoice = { kind: "exit" };
    if (choice === "partial") {
      const text = amount.trim();
      if (!AMOUNT.test(text) || parseUnits(text, 9) === 0n) {
        setAmountError(t("unstake.errors.amountFormat", { symbol }));
        return;
      }
      request = { kind: "partial", amountGwei: parseUnits(text, 9) };
    }
    setReading(true);
    try {
      // The fee and the validator are read again now, so the review shows (and the wallet pays) the freshest
      // buffered fee, and a partial withdrawal is bounded by the current balance and status.
      const [current, fresh] = await Promise.all([
        readFee(config, chain.id, contract),
        props.readLatest().catch((cause: unknown) => {
          throw cause instanceof AppError ? cause : new AppError("unstake.errors.validatorUnavailable", { cause });
        }),
      ]);
      if (!fresh) throw new AppError("unstake.errors.validatorGone");
      setLatest(fresh);
      const call = buildWithdrawalRequest({
        contract,
        validator: { ...fresh, balanceWei: BigInt(fresh.balanceWei) },
        sender: account,
        choice: request,
        feeWei: current.bufferedFeeWei,
        minimumBalanceWei,
        symbol,
      });
      await controls.prepare({
        kind: "unstake",
        chain,
        account,
        ...call,
        details: {
          pubkey: fresh.pubkey,
          choice: request.kind,
          amountGwei: request.kind === "partial" ? request.amountGwei.toString() : "0",
        },
      });
    } catch (error) {
      if (error instanceof PartialBelowMinimumError || error instanceof InvalidWithdrawalAmountError) {
        setAmountError(t(error.shortMessage, error.values));
        return;
      }
      setProblem(error instanceof AppError ? error : new AppError("unstake.errors.feeUnavailable", { cause: error }));
    } finally {
      setReading(false);
    }
  };

  return (
    <dialog ref={dialog} className="unstake-dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      <h2 id={`${id}-title`}>{t("unstake.title", { name: label })}</h2>
      {takes ? <p className="notice">{takes}</p> : null}
      {flow.step !== "idle" ? (
        <TransactionPanel
          flow={flow}
          symbol={symbol}
          decimals={decimals}
          explorerUrl={props.explorerUrl}
          summary={<UnstakeSummary flow={flow} symbol={symbol} />}
          valueLabel={t("unstake.feePaid")}
          onConfirm={() => void controls.confirm()}
          onCancel={controls.reset}
        />
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} className="form">
          <fieldset>
            <legend>{t("unstake.kind")}</legend>
            <label className="radio">
              <input
                type="radio"
                name={`${id}-kind`}
                value="partial"
                checked={choice === "partial"}
                disabled={!compounding}
                onChange={() => setChoice("partial")}
                aria-describedby={compounding ? undefined : `${id}-partial-note`}
              />
              {t("unstake.partial")}
            </label>
            <label className="radio">
              <input
                type="radio"
                name={`${id}-kind`}
                value="exit"
                checked={choice === "exit"}
                onChange={() => setChoice("exit")}
              />
              {t("unstake.exit")}
            </label>
            {compounding ? null : (
              <p id={`${id}-partial-note`} className="hint">
                {t("unstake.partialOnlyCompounding")}
              </p>
            )}
          </fieldset>
          {choice === "partial" ? (
            <div>
              <label htmlFor={`${id}-amount`}>{t("unstake.amount", { symbol })}</label>
              <input
                id={`${id}-amount`}
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                inputMode="decimal"
                autoComplete="off"
                aria-invalid={amountError ? true : undefined}
                aria-describedby={`${id}-amount-help${amountError ? ` ${id}-amount-error` : ""}`}
              />
              <p id={`${id}-amount-help`} className="hint">
                {t("unstake.amountHelp", {
                  maximum: formatUnits(maximumGwei, 9),
                  minimum: formatUnits(minimumBalanceWei, decimals),
                  symbol,
                })}
              </p>
              {amountError ? (
                <p id={`${id}-amount-error`} className="field-error" role="alert">
                  {amountError}
                </p>
              ) : null}
            </div>
          ) : (
            <p className="notice">{t("unstake.exitNote", { address: withdrawalAddress ?? "" })}</p>
          )}
          <WithdrawalFeeText fee={fee} coin={coin} />
          {!account ? (
            <p>
              {t("unstake.connectFirst", { address: withdrawalAddress ?? "" })}{" "}
              <button type="button" onClick={props.onConnect}>
                {t("unstake.connect")}
              </button>
            </p>
          ) : null}
          {wrongAccount ? <p role="alert">{t(wrongAccount.shortMessage, wrongAccount.values)}</p> : null}
          {wrongChain && !wrongAccount && config ? (
            <WrongChainNotice
              config={config}
              chain={chain}
              message={t("unstake.wrongChain", { network: chain.name })}
              switchLabel={t("unstake.switch", { network: chain.name })}
            />
          ) : null}
          {problem ? <p role="alert">{t(problem.shortMessage, problem.values)}</p> : null}
          <div className="actions">
            <button
              type="submit"
              className="primary"
              disabled={!account || Boolean(wrongAccount) || wrongChain || reading}
            >
              {t("unstake.review")}
            </button>
          </div>
        </form>
      )}
      <div className="actions">
        <button type="button" onClick={() => dialog.current?.close()}>
          {t("unstake.close")}
        </button>
      </div>
    </dialog>
  );
}
