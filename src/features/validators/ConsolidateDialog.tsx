import { useQuery } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { TransactionPanel } from "../../components/transaction/TransactionPanel.tsx";
import type { TransactionFlowControls } from "../../components/transaction/use-transaction-flow.ts";
import { Alert } from "../../components/ui/alert/Alert.tsx";
import { Button } from "../../components/ui/button/Button.tsx";
import { Checkbox } from "../../components/ui/checkbox/Checkbox.tsx";
import { ChoiceGroup } from "../../components/ui/choice-group/ChoiceGroup.tsx";
import { Dialog } from "../../components/ui/dialog/Dialog.tsx";
import { Field } from "../../components/ui/field/Field.tsx";
import { useWallet } from "../../components/wallet/use-wallet.ts";
import { WalletGate } from "../../components/wallet/WalletGate.tsx";
import type { ListedValidator } from "../../core/api/validators.ts";
import { environmentChain } from "../../core/network-environment.ts";
import { consolidationFeeQueryOptions } from "../../families/ethereum-beacon/consolidation-fee-query.ts";
import type { Network } from "../../generated/index.ts";
import { servedEnvironmentOf } from "../../lib/app-environment.ts";
import { ConsolidationSummary } from "./ConsolidationSummary.tsx";
import { parseConsolidationTarget } from "./consolidation-target.ts";
import { useConsolidationRequest } from "./use-consolidation-request.ts";
import { useRequestFeeText } from "./use-request-fee-text.ts";

/** The radio value of "another validator" (the others are public keys). */
const OTHER = "other";

export interface ConsolidateDialogProps {
  /** The validator the request is for: upgraded, or the consolidation's source. */
  readonly validator: ListedValidator;
  readonly kind: "upgrade" | "consolidate";
  /** The owner's other validators, offered as targets (the consensus layer says which can be one). */
  readonly candidates: readonly ListedValidator[];
  readonly network: Network;
  /** The validators screen's consolidation flow (a request sent stays followed there after the dialog closes). */
  readonly controls: TransactionFlowControls;
  onClose(): void;
}

/**
 * "Upgrade to compounding" and "Consolidate into…" (on the Dialog component: focus stays inside, Escape closes,
 * focus returns to the opener): what the request does, the EIP-7251 request fee read from the contract now, and
 * on "Review request" the consensus-layer pre-checks; a request they pass goes to the shared review (request fee,
 * network fee up to, total), one they refuse is named in words and nothing is sent.
 */
export function ConsolidateDialog({ validator, kind, candidates, network, controls, onClose }: ConsolidateDialogProps) {
  const { t } = useTranslation();
  const { account, config } = useWallet();
  const environment = servedEnvironmentOf(network);
  const chain = environmentChain(network, environment);
  const contract = environment?.contracts?.consolidation;
  const { symbol, decimals } = network;
  const coin = useRequestFeeText(decimals, symbol);
  const fee = useQuery(consolidationFeeQueryOptions(config, chain.id, contract));
  const request = useConsolidationRequest({ validator, network, chain, contract, config, account, controls });
  const others = candidates.filter(
    (candidate) => candidate.pubkey.toLowerCase() !== validator.pubkey.toLowerCase() && candidate.index !== null,
  );
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<{ target: string; other: string }>({
    // A compounding validator first: only a 0x02 target can receive a consolidation.
    defaultValues: {
      target: (others.find((entry) => entry.withdrawalCredentials.startsWith("0x02")) ?? others[0])?.pubkey ?? OTHER,
      other: "",
    },
    reValidateMode: "onSubmit",
  });
  const choice = watch("target");
  const name = (entry: ListedValidator) =>
    entry.index === null ? t("validators.unindexed") : t("validators.cardHeading", { index: entry.index });
  const title = t(kind === "upgrade" ? "consolidate.upgradeTitle" : "consolidate.consolidateTitle", {
    name: name(validator),
  });

  if (!contract) {
    return (
      <Dialog title={title} onClose={onClose}>
        <Alert tone="danger">{t("consolidate.unavailable", { network: chain.name })}</Alert>
      </Dialog>
    );
  }

  const { flow } = controls;
  const submit = handleSubmit(async (values) => {
    if (kind === "upgrade") return request.review({ kind: "upgrade" });
    const target =
      values.target === OTHER
        ? parseConsolidationTarget(values.other)
        : { kind: "pubkey" as const, pubkey: values.target as `0x${string}` };
    if (target) await request.review({ kind: "consolidate", target });
  });
  const credentialsHint = (entry: ListedValidator) =>
    entry.withdrawalCredentials.startsWith("0x02")
      ? t("consolidate.targetCompounding")
      : t("consolidate.targetNotCompoundingHint", { type: entry.withdrawalCredentials.slice(0, 4) });

  return (
    <Dialog title={title} onClose={onClose} className="consolidate-dialog">
      {flow.step !== "idle" ? (
        <TransactionPanel
          flow={flow}
          symbol={symbol}
          decimals={decimals}
          explorerUrl={environment?.explorers?.execution?.url}
          network={network}
          summary={<ConsolidationSummary flow={flow} />}
          valueLabel={t("unstake.feePaid")}
          onConfirm={() => void controls.confirm()}
          onCancel={controls.reset}
        />
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} className="form-stack">
          <p>{kind === "upgrade" ? t("consolidate.upgradeExplain") : t("consolidate.consolidateExplain")}</p>
          {kind === "consolidate" ? (
            <ChoiceGroup legend={t("consolidate.targetLegend")}>
              {others.map((entry) => (
                <Checkbox
                  key={entry.pubkey}
                  radio
                  value={entry.pubkey}
                  label={name(entry)}
                  hint={credentialsHint(entry)}
                  {...register("target")}
                />
              ))}
              <Checkbox radio value={OTHER} label={t("consolidate.otherTarget")} {...register("target")} />
              {choice === OTHER ? (
                <Field
                  label={t("consolidate.otherLabel")}
                  hint={t("consolidate.otherHint")}
                  error={errors.other?.message ? t(errors.other.message) : undefined}
                >
                  {(control) => (
                    <input
                      {...control}
                      autoComplete="off"
                      spellCheck={false}
                      {...register("other", {
                        validate: (text) => (parseConsolidationTarget(text) ? true : "consolidate.errors.targetFormat"),
                      })}
                    />
                  )}
                </Field>
              ) : null}
            </ChoiceGroup>
          ) : null}
          {fee.isPending ? (
            <p aria-busy="true">{t("consolidate.feeLoading")}</p>
          ) : fee.isError ? (
            <Alert tone="danger">{t("consolidate.errors.feeUnavailable")}</Alert>
          ) : (
            <p>
              {t("consolidate.fee", { fee: coin(fee.data) })} <strong>{t("unstake.noRefund")}</strong>
            </p>
          )}
          {request.problem ? <Alert tone="danger">{request.problem}</Alert> : null}
          <WalletGate
            chain={chain}
            connectText={t("consolidate.connectFirst", { address: validator.withdrawalAddress ?? "" })}
            wrongChainText={t("consolidate.wrongChain", { network: chain.name })}
          >
            {() => (
              <div className="actions">
                <Button type="submit" loading={request.reading}>
                  {t("unstake.review")}
                </Button>
              </div>
            )}
          </WalletGate>
        </form>
      )}
    </Dialog>
  );
}
