import { z } from "zod";

/** Body of POST /deposit-data. */
export const depositRequestSchema = z.object({
  owner: z.string(),
  network: z.string(),
  environment: z.string(),
  credentialType: z.enum(["0x01", "0x02"]),
  /** 0x01: how many 32 ETH validators. */
  validatorCount: z.number().optional(),
  /** 0x02: the compounding validator's amount in ETH, as a decimal string. */
  amount: z.string().optional(),
  idempotencyKey: z.string(),
});

export type DepositRequest = z.infer<typeof depositRequestSchema>;

/** The same shape as JSON Schema, for Fastify's documentation and first-line validation. */
export const depositRequestJsonSchema = {
  type: "object",
  additionalProperties: false,
  required: ["owner", "network", "environment", "credentialType", "idempotencyKey"],
  properties: {
    owner: { type: "string", description: "The staker's address: withdrawals go there (0x01 or 0x02 credentials)." },
    network: { type: "string", description: 'Network slug, e.g. "ethereum".' },
    environment: { type: "string", description: 'Environment id, e.g. "mainnet", "hoodi", "devnet".' },
    credentialType: {
      type: "string",
      enum: ["0x01", "0x02"],
      description: "0x01: N validators of 32 ETH; 0x02: one compounding validator.",
    },
    validatorCount: { type: "integer", description: "0x01 only: number of validators." },
    amount: { type: "string", description: '0x02 only: amount in ETH as a decimal string, e.g. "100".' },
    idempotencyKey: {
      type: "string",
      description:
        "Chosen by the client per stake attempt (8 to 128 letters, digits, - or _). Retrying with it returns the same validators.",
    },
  },
} as const;
