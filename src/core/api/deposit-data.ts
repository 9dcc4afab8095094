import { z } from "zod";
import { depositDataEntrySchema } from "../deposit/deposit-data-file.ts";

/** POST /deposit-data: operator validators for a stake, as the staking deposit CLI's deposit_data entries. */
export const depositDataPath = "/deposit-data";

export const depositDataBody = z.strictObject({
  owner: z.string().describe("The staker's address: withdrawals go there (0x01 or 0x02 credentials)."),
  network: z.string().describe('Network slug, e.g. "ethereum".'),
  environment: z.string().describe('Environment id, e.g. "mainnet", "hoodi", "devnet".'),
  credentialType: z
    .enum(["0x01", "0x02"], 'expected "0x01" or "0x02"')
    .describe("0x01: N validators of 32 ETH; 0x02: one compounding validator."),
  validatorCount: z.number().int("expected a whole number").optional().describe("0x01 only: number of validators."),
  amount: z.string().optional().describe('0x02 only: amount in ETH as a decimal string, e.g. "100".'),
  idempotencyKey: z
    .string()
    .describe(
      "Chosen by the client per stake attempt (8 to 128 letters, digits, - or _). Retrying with it returns the same validators.",
    ),
});

export type DepositRequest = z.output<typeof depositDataBody>;

export const depositDataResponse = z.object({
  requestId: z.number().int(),
  depositData: z.array(depositDataEntrySchema),
});
