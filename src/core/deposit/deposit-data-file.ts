import { z } from "zod";

/**
 * One entry of the staking deposit CLI's deposit_data-*.json file: hex without 0x, amount in gwei as a JSON
 * number. This is what the provider's server sends and what launchpads accept.
 */
const hex = (bytes: number) =>
  z
    .string()
    .regex(
      new RegExp(`^[0-9a-f]{${bytes * 2}}$`),
      `expected ${bytes} bytes as ${bytes * 2} lower-case hex digits without 0x`,
    );

export const depositDataEntrySchema = z
  .object({
    pubkey: hex(48),
    withdrawal_credentials: hex(32),
    amount: z
      .number()
      .int("expected a whole number of gwei")
      .positive("expected a positive number of gwei")
      .max(Number.MAX_SAFE_INTEGER),
    signature: hex(96),
    deposit_message_root: hex(32),
    deposit_data_root: hex(32),
    fork_version: hex(4),
    network_name: z.string().min(1),
    deposit_cli_version: z.string().min(1),
  })
  .strict();

export type DepositDataEntry = z.infer<typeof depositDataEntrySchema>;

export const depositDataFileSchema = z.array(depositDataEntrySchema).min(1, "expected at least one deposit");

/** The deposit CLI release whose file format this follows. */
export const DEPOSIT_CLI_VERSION = "2.7.0";

export const GWEI_PER_ETH = 1_000_000_000n;
