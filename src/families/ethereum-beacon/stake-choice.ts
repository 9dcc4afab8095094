import { parseGwei } from "viem";

/**
 * What the user chose on the details step: N validators of the per-validator amount with 0x01 credentials,
 * or one compounding 0x02 validator of any amount in range. Amounts in wei.
 */
export type StakeChoice =
  | { readonly credentialType: "0x01"; readonly validators: number; readonly perValidatorWei: bigint }
  | { readonly credentialType: "0x02"; readonly amountWei: bigint };

/** The deposits the choice makes, in gwei, in order. */
export function depositAmountsGwei(choice: StakeChoice): bigint[] {
  const gwei = parseGwei("1");
  return choice.credentialType === "0x01"
    ? Array.from({ length: choice.validators }, () => choice.perValidatorWei / gwei)
    : [choice.amountWei / gwei];
}

/** How many validators the choice creates. */
export function validatorCount(choice: StakeChoice): number {
  return choice.credentialType === "0x01" ? choice.validators : 1;
}
