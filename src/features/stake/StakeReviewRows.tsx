import { useTranslation } from "react-i18next";
import { formatUnits } from "viem";
import type { VerifiedStake } from "../../families/ethereum-beacon/generate-verified-stake.ts";
import { type StakeChoice, validatorCount } from "../../families/ethereum-beacon/stake-choice.ts";
import type { StakeOffering } from "./stake-offering.ts";

/** The stake's own review rows, before the shared panel's value, network fee and total. */
export function StakeReviewRows({
  offering,
  choice,
  stake,
  owner,
}: {
  readonly offering: StakeOffering;
  readonly choice: StakeChoice;
  readonly stake: VerifiedStake;
  readonly owner: string;
}) {
  const { t } = useTranslation();
  const coin = (wei: bigint) => `${formatUnits(wei, offering.decimals)} ${offering.symbol}`;
  const count = validatorCount(choice);
  const staked =
    choice.credentialType === "0x01" ? BigInt(choice.validators) * choice.perValidatorWei : choice.amountWei;
  return (
    <>
      <dt>{t("ethStake.review.validators")}</dt>
      <dd>{count}</dd>
      <dt>{t("ethStake.review.credentialType")}</dt>
      <dd>{choice.credentialType}</dd>
      <dt>{t("ethStake.review.withdrawalAddress")}</dt>
      <dd>
        <code>{owner}</code>
      </dd>
      <dt>{t("ethStake.review.stakeAmount")}</dt>
      <dd>{coin(staked)}</dd>
      <dt>{t("ethStake.review.serviceFee")}</dt>
      <dd>{coin(stake.feePerValidatorWei * BigInt(count))}</dd>
    </>
  );
}
