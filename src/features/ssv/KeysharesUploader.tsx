import { useQueryClient } from "@tanstack/react-query";
import { type DragEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import type { Address, Hex } from "viem";
import type { Config } from "wagmi";
import { getPublicClient } from "wagmi/actions";
import { ssvNetworkViewsAbi } from "../../../contracts/generated/index.ts";
import { Alert } from "../../components/ui/alert/Alert.tsx";
import { buttonClass } from "../../components/ui/button/button-class.ts";
import { type KeysharesProblem, verifyKeyshares } from "../../core/ssv/verify-keyshares.ts";
import {
  checkShareKeysOffMainThread,
  startSignatureWorker,
  verifySignaturesOffMainThread,
} from "../../families/ethereum-beacon/verify-signatures-off-main-thread.ts";
import { ssvOwnerNonceQueryOptions } from "../../lib/api/ssv-owner-nonce-query.ts";
import type { SsvOffering } from "../../lib/ssv-offering.ts";
import { flowScope } from "./ssv-flow-steps.ts";
import { useSsvFlow } from "./ssv-flow-store.ts";
import { ValidatorList } from "./ValidatorList.tsx";

type Check =
  | { readonly state: "idle" }
  | { readonly state: "checking"; readonly files: readonly string[] }
  | { readonly state: "refused"; readonly problems: readonly KeysharesProblem[] }
  | { readonly state: "failed" };

export interface KeysharesUploaderProps {
  readonly offering: SsvOffering;
  readonly base: string;
  readonly account: Address;
  readonly config: Config | undefined;
}

/**
 * The file input and drop zone; each upload is verified against the connected wallet, its next nonce on the
 * SSV network (read fresh), the chosen operators and their registered keys, and the SSV network's registered
 * validators. Problems are listed one a line; only a clean upload is kept for the next steps.
 */
export function KeysharesUploader({ offering, base, account, config }: KeysharesUploaderProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const queryClient = useQueryClient();
  const [flow, update] = useSsvFlow(flowScope(offering));
  const [check, setCheck] = useState<Check>({ state: "idle" });
  const [dragging, setDragging] = useState(false);
  const accepted = flow.validators && flow.verifiedFor?.toLowerCase() === account.toLowerCase() ? flow.validators : [];

  const verify = async (list: readonly File[]) => {
    if (list.length === 0 || !config) return;
    startSignatureWorker();
    setCheck({ state: "checking", files: list.map((file) => file.name) });
    update({ validators: undefined, verifiedFor: undefined });
    try {
      const files = await Promise.all(list.map(async (file) => ({ name: file.name, text: await file.text() })));
      const client = getPublicClient(config, { chainId: offering.chain.id });
      if (!client) throw new Error(`no client for chain ${offering.chain.id}`);
      const nextNonce = await queryClient.fetchQuery({
        ...ssvOwnerNonceQueryOptions({ ...offering.scope, owner: account }),
        staleTime: 0,
      });
      const isRegistered = (publicKey: Hex) =>
        client.readContract({
          address: offering.views,
          abi: ssvNetworkViewsAbi,
          functionName: "getValidator",
          args: [account, publicKey],
        });
      const result = await verifyKeyshares(
        files,
        { owner: account, nextNonce, operators: flow.operators, isRegistered },
        verifySignaturesOffMainThread,
        checkShareKeysOffMainThread,
      );
      if (!result.ok) {
        setCheck({ state: "refused", problems: result.problems });
        return;
      }
      update({ validators: result.validators, verifiedFor: account });
      setCheck({ state: "idle" });
    } catch {
      // A read failed (nonce, registered keys, worker): nothing was verified, so nothing is kept; the user retries.
      setCheck({ state: "failed" });
    }
  };
  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    void verify([...event.dataTransfer.files]);
  };

  return (
    <div className="form-stack">
      <section
        className={`ssv-drop${dragging ? " ssv-drop--over" : ""}`}
        aria-labelledby={`${inputId}-label`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <label id={`${inputId}-label`} htmlFor={inputId} className="ssv-drop__label">
          {t("ssv.upload.label")}
        </label>
        <p className="ssv-drop__hint">{t("ssv.upload.hint")}</p>
        <input
          id={inputId}
          type="file"
          accept=".json,application/json"
          multiple
          onChange={(event) => {
            void verify([...(event.target.files ?? [])]);
            event.target.value = "";
          }}
        />
      </section>
      {check.state === "checking" ? (
        <Alert tone="info" role="status">
          {t("ssv.upload.checking", { files: check.files.join(", ") })}
        </Alert>
      ) : null}
      {check.state === "refused" ? (
        <Alert tone="danger" role="alert" title={t("ssv.upload.refused", { count: check.problems.length })}>
          <ul className="ssv-problems">
            {check.problems.map((problem, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered
              <li key={index}>{t(problem.key, problem.values)}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {check.state === "failed" ? (
        <Alert tone="danger" role="alert">
          {t("ssv.upload.failed")}
        </Alert>
      ) : null}
      {accepted.length > 0 && check.state === "idle" ? (
        <>
          <Alert tone="success" role="status">
            {t("ssv.upload.accepted", { count: accepted.length })}
          </Alert>
          <ValidatorList validators={accepted} />
          <div className="actions">
            <Link className={buttonClass("primary")} to={`${base}/validator-detail`}>
              {t("ssv.continue")}
            </Link>
          </div>
        </>
      ) : null}
    </div>
  );
}
