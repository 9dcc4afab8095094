import type { Address, Hex } from "viem";
import { z } from "zod";
import { useApiQuery } from "../../components/api/use-api-query.ts";
import { getJson } from "../../lib/api-client.ts";
import { apiUrl } from "../../lib/app-environment.ts";

const hex = z
  .string()
  .regex(/^0x[0-9a-fA-F]*$/)
  .transform((value) => value as Hex);
const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/)
  .transform((value) => value as Address);

/** One validator as GET /validators lists it. */
const validatorSchema = z.object({
  index: z.number().int().nullable(),
  pubkey: hex,
  depositAddress: address,
  withdrawalAddress: address.nullable(),
  withdrawalCredentials: hex,
  status: z.string(),
  balanceWei: z.string().regex(/^[0-9]+$/),
  depositTxHash: hex,
});
const responseSchema = z.object({ validators: z.array(validatorSchema) });

export type ListedValidator = z.output<typeof validatorSchema>;

export type ValidatorsLoad =
  | { readonly status: "idle" }
  | { readonly status: "loading" }
  | { readonly status: "error"; readonly error: unknown }
  | {
      readonly status: "ready";
      readonly validators: readonly ListedValidator[];
      /** Whose validators these are (a change of owner shows "loading" until the new list arrives). */
      readonly owner: Address;
    };

/** Reads an owner's validators on one network environment now (GET /validators), as the indexer last saw them. */
export async function fetchValidators(
  owner: Address,
  network: string,
  environment: string,
  signal?: AbortSignal,
): Promise<readonly ListedValidator[]> {
  return responseSchema.parse(await getJson(apiUrl("/validators"), { owner, network, environment }, signal)).validators;
}

/**
 * The owner's validators on one network environment, from the staking backend's indexer (GET /validators):
 * status and balance are as of the indexer's last pass; `refresh()` asks again (the list stays meanwhile).
 */
export function useValidators(
  owner: Address | undefined,
  network: string,
  environment: string | undefined,
): { readonly load: ValidatorsLoad; refresh(): void } {
  const scope = owner && environment ? `${network}:${environment}:${owner.toLowerCase()}` : undefined;
  const query = useApiQuery(
    scope,
    (signal) => fetchValidators(owner as Address, network, environment as string, signal),
    scope,
  );
  const load: ValidatorsLoad =
    query.data !== undefined && owner
      ? { status: "ready", validators: query.data, owner }
      : query.status === "error"
        ? { status: "error", error: query.error }
        : query.status === "idle"
          ? { status: "idle" }
          : { status: "loading" };
  return { load, refresh: query.retry };
}
