import { formatUnits, parseUnits } from "viem";
import { z } from "zod";
import { type AmountRules, checkAmount } from "../../core/amount-rules.ts";
import type { StakeOffering } from "../../core/stake-offering.ts";
import type { StakeChoice } from "../../families/ethereum-beacon/stake-choice.ts";

export type CredentialChoice = "0x01" | "0x02";

export interface StakeFormValues {
  readonly credentialType: CredentialChoice;
  readonly amount: string;
}

/** What the connected wallet adds to the checks: its balance (when read) and whether it is on the right chain. */
export interface WalletFacts {
  readonly balanceWei: bigint | undefined;
  readonly wrongChain: boolean;
}

/** A problem with the amount field: a locale key and its values. */
export interface FieldProblem {
  readonly key: string;
  readonly values: Readonly<Record<string, string | number>>;
}

/** Deposits are whole gwei: at most 9 decimals whatever the coin's own decimals. */
const GWEI_DECIMALS = 9;

/** The amount rules of a credential type, from config: 0x01 moves in steps of one validator, 0x02 in gwei. */
export function amountRulesFor(offering: StakeOffering, type: CredentialChoice): AmountRules {
  return type === "0x01"
    ? {
        minimum: offering.minimum,
        maximum: offering.maximum,
        step: offering.perValidator,
        decimals: offering.decimals,
        symbol: offering.symbol,
      }
    : {
        minimum: offering.minimum,
        maximum: offering.maximum,
        decimals: Math.min(GWEI_DECIMALS, offering.decimals),
        symbol: offering.symbol,
      };
}

/** The stake the form's values describe, or undefined while the amount is not valid. */
export function choiceFor(values: StakeFormValues, offering: StakeOffering): StakeChoice | undefined {
  const check = checkAmount(values.amount, amountRulesFor(offering, values.credentialType));
  if (!check.ok) return undefined;
  const amountWei = parseUnits(values.amount.trim(), offering.decimals);
  if (values.credentialType === "0x02") return { credentialType: "0x02", amountWei };
  return {
    credentialType: "0x01",
    validators: Number(amountWei / offering.perValidatorWei),
    perValidatorWei: offering.perValidatorWei,
  };
}

/** What the choice costs before the network fee: deposits plus the service fee per validator, in wei. */
export function stakeCostWei(choice: StakeChoice, feePerValidatorWei: bigint): bigint {
  return choice.credentialType === "0x01"
    ? BigInt(choice.validators) * (choice.perValidatorWei + feePerValidatorWei)
    : choice.amountWei + feePerValidatorWei;
}

/**
 * The amount field's problem, if any: config limits first (range, step, decimals), then the wallet's (on
 * the selected chain, balance covering stake and service fee; the network fee is checked with the estimate).
 */
export function amountProblem(
  values: StakeFormValues,
  offering: StakeOffering,
  wallet: WalletFacts,
): FieldProblem | undefined {
  const check = checkAmount(values.amount, amountRulesFor(offering, values.credentialType));
  if (!check.ok) return { key: check.problem.key, values: "values" in check.problem ? check.problem.values : {} };
  if (wallet.wrongChain) return { key: "ethStake.errors.wrongChain", values: { network: offering.chain.name } };
  const choice = choiceFor(values, offering);
  if (!choice || wallet.balanceWei === undefined) return undefined;
  const needed = stakeCostWei(choice, offering.serviceFeeWei);
  if (wallet.balanceWei < needed) {
    return {
      key: "ethStake.errors.insufficientBalance",
      values: {
        needed: formatUnits(needed, offering.decimals),
        balance: formatUnits(wallet.balanceWei, offering.decimals),
        symbol: offering.symbol,
      },
    };
  }
  return undefined;
}

/** The details form's zod schema, built from config and the wallet's facts. */
export function stakeFormSchema(offering: StakeOffering, wallet: WalletFacts) {
  return z.object({ credentialType: z.enum(["0x01", "0x02"]), amount: z.string() }).superRefine((values, context) => {
    const problem = amountProblem(values, offering, wallet);
    if (problem) context.addIssue({ code: "custom", path: ["amount"], message: problem.key, params: problem.values });
  });
}
