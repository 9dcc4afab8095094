import { useTranslation } from "react-i18next";
import { hexToBytes } from "viem";
import { ReviewRow } from "../../components/transaction/ReviewRow.tsx";
import { AddressChip } from "../../components/ui/address-chip/AddressChip.tsx";
import { CoinAmount } from "../../components/ui/coin-amount/CoinAmount.tsx";
import { readWithdrawalCredentials } from "../../core/deposit/withdrawal-credentials.ts";
import type { StakeOffering } from "../../core/stake-offering.ts";
import type { VerifiedStake } from "../../families/ethereum-beacon/generate-verified-stake.ts";
import { type StakeChoice, validatorCount } from "../../families/ethereum-beacon/stake-choice.ts";
import { StakeActivationRow } from "./StakeActivationRow.tsx";

/**
 * The stake's own review rows, before the shared panel's value, network fee and total. The withdrawal address
 * shown is the one the verified deposits' credentials name (the account they were verified against), not
 * whichever account the wallet shows now: the send path refuses any other account.
 */
export function StakeReviewRows({
  offering,
  choice,
  stake,
}: {
  readonly offering: StakeOffering;
  readonly choice: StakeChoice;
  readonly stake: VerifiedStake;
}) {
  const { t } = useTranslation();
  // What is staked and the fee leave the wallet: rounded up, never shown less than they are (see AmountStyle).
  const coin = (wei: bigint) => (
    <CoinAmount value={wei} decimals={offering.decimals} symbol={offering.symbol} amountStyle="atMost" />
  );
  const count = validatorCount(choice);
  const first = stake.deposits[0];
  const withdrawalAddress = first
    ? readWithdrawalCredentials(hexToBytes(`0x${first.withdrawal_credentials}`))?.address
    : undefined;
  const staked =
    choice.credentialType === "0x01" ? BigInt(choice.validators) * choice.perValidatorWei : choice.amountWei;
  return (
    <>
      <ReviewRow label={t("ethStake.review.validators")}>{count}</ReviewRow>
      <ReviewRow label={t("ethStake.review.credentialType")}>{choice.credentialType}</ReviewRow>
      <ReviewRow label={t("ethStake.review.withdrawalAddress")}>
        {withdrawalAddress ? <AddressChip address={withdrawalAddress} explorerUrl={offering.explorerUrl} /> : "—"}
      </ReviewRow>
      <ReviewRow label={t("ethStake.review.stakeAmount")}>{coin(staked)}</ReviewRow>
      <ReviewRow label={t("ethStake.review.serviceFee")}>{coin(stake.feePerValidatorWei * BigInt(count))}</ReviewRow>
      <StakeActivationRow
        network={offering.slug}
        environment={offering.environment.id}
        perValidatorGwei={
          (choice.credentialType === "0x01" ? choice.perValidatorWei : choice.amountWei) / 1_000_000_000n
        }
        count={count}
      />
    </>
  );
}
