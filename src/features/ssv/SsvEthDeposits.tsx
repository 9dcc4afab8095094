import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import type { Config } from "wagmi";
import { getPublicClient } from "wagmi/actions";
import { DepositProblemList } from "../../components/deposit/DepositProblemList.tsx";
import { DevnetHint } from "../../components/devnet/DevnetHint.tsx";
import { Alert } from "../../components/ui/alert/Alert.tsx";
import { AppError } from "../../core/app-error.ts";
import type { ContractCall } from "../../core/contract-call.ts";
import { stakeOffering } from "../../core/stake-offering.ts";
import type { Network } from "../../generated/index.ts";
import { appEnvironment } from "../../lib/app-environment.ts";
import { type SsvDepositCheck, verifySsvDeposits } from "./verify-ssv-deposits.ts";

export interface SsvEthDepositsProps {
  readonly network: Network;
  readonly account: Address;
  readonly config: Config | undefined;
  /** Public keys of the validators just registered on the SSV network. */
  readonly registered: readonly string[];
  readonly disabled: boolean;
  onDeposit(call: ContractCall, count: number): void;
}

type Refusal = Extract<SsvDepositCheck, { ok: false }> | { readonly ok: false; readonly error: AppError | undefined };

/**
 * The registered validators' 32 ETH deposits, as on mainnet a separate deposit-contract transaction: the
 * deposit data file `npm run ssv:keyshares` (or any deposit CLI) wrote for the same keys, verified as the stake
 * flow verifies its own, then one stake() through the batch staking contract.
 */
export function SsvEthDeposits({ network, account, config, registered, disabled, onDeposit }: SsvEthDepositsProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const [refusal, setRefusal] = useState<Refusal>();
  const [checking, setChecking] = useState(false);
  const stake = stakeOffering(network, appEnvironment);
  if (!stake) return null;
  const check = async (file: File | undefined) => {
    if (!file || !config) return;
    setRefusal(undefined);
    setChecking(true);
    try {
      let raw: unknown;
      try {
        raw = JSON.parse(await file.text());
      } catch {
        raw = undefined;
      }
      const client = getPublicClient(config, { chainId: stake.chain.id });
      if (!client) throw new Error(`no client for chain ${stake.chain.id}`);
      const result = await verifySsvDeposits({ raw, registered, owner: account, stake, client });
      if (result.ok) onDeposit(result.call, result.count);
      else setRefusal(result);
    } catch (error) {
      setRefusal({ ok: false, error: error instanceof AppError ? error : undefined });
    } finally {
      setChecking(false);
    }
  };
  return (
    <section aria-labelledby={`${inputId}-heading`} className="ssv-totals">
      <h2 id={`${inputId}-heading`}>{t("ssv.ethDeposit.heading", { count: registered.length })}</h2>
      <p>{t("ssv.ethDeposit.text", { count: registered.length })}</p>
      <DevnetHint>{t("ssv.ethDeposit.devnetHint")}</DevnetHint>
      <label htmlFor={inputId} className="ssv-drop__label">
        {t("ssv.ethDeposit.label")}
      </label>
      <input
        id={inputId}
        type="file"
        accept=".json,application/json"
        disabled={disabled || checking}
        onChange={(event) => {
          void check(event.target.files?.[0]);
          event.target.value = "";
        }}
      />
      {refusal ? (
        <Alert tone="danger" role="alert" title={t("ssv.ethDeposit.refused")}>
          {"error" in refusal ? (
            <p>{refusal.error ? t(refusal.error.shortMessage, refusal.error.values) : t("ssv.ethDeposit.failed")}</p>
          ) : (
            <>
              <DepositProblemList
                problems={refusal.problems}
                context={{
                  network: stake.chain.name,
                  forkVersion: stake.environment.genesisForkVersion,
                  address: account,
                  credentialType: "0x01",
                }}
              />
              <ul className="ssv-problems">
                {refusal.missing.map((pubkey) => (
                  <li key={`missing-${pubkey}`}>{t("ssv.ethDeposit.missing", { pubkey: `0x${pubkey}` })}</li>
                ))}
                {refusal.unexpected.map((pubkey) => (
                  <li key={`unexpected-${pubkey}`}>{t("ssv.ethDeposit.unexpected", { pubkey: `0x${pubkey}` })}</li>
                ))}
              </ul>
            </>
          )}
        </Alert>
      ) : null}
    </section>
  );
}
