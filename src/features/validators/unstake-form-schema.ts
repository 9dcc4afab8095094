import { parseUnits } from "viem";
import { z } from "zod";
import type { WithdrawalChoice } from "../../families/ethereum-beacon/build-withdrawal-request.ts";

/** An amount in whole coins with at most 9 decimals (the request counts gwei). */
const AMOUNT = /^(0|[1-9][0-9]*)(\.[0-9]{1,9})?$/;

/**
 * The unstake dialog's form: the kind of withdrawal and, for a partial one, the amount typed, which must be
 * above zero with at most 9 decimals (message "unstake.errors.amountFormat", read with the coin's symbol).
 * Out comes the withdrawal choice; the limits that need the validator's current balance are checked after.
 */
export const unstakeFormSchema = z
  .object({ kind: z.enum(["partial", "exit"]), amount: z.string() })
  .transform(({ kind, amount }, context): WithdrawalChoice => {
    if (kind === "exit") return { kind };
    const text = amount.trim();
    if (!AMOUNT.test(text) || parseUnits(text, 9) === 0n) {
      context.addIssue({ code: "custom", path: ["amount"], message: "unstake.errors.amountFormat" });
      return z.NEVER;
    }
    return { kind, amountGwei: parseUnits(text, 9) };
  });

export type UnstakeFormValues = z.input<typeof unstakeFormSchema>;
