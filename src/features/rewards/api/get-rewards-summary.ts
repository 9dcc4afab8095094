import { z } from "zod";
import { parseApiResponse } from "../../../components/api/parse-api-response.ts";
import { useApiQuery } from "../../../components/api/use-api-query.ts";
import { getJson } from "../../../lib/api-client.ts";
import { apiUrl } from "../../../lib/app-environment.ts";
import { daySchema, weiSchema } from "./wei-schema.ts";

/** GET /rewards/summary: an owner's rewards on one network environment, amounts in base units. */
export const rewardsSummarySchema = z.object({
  asOf: daySchema.nullable(),
  validatorCount: z.number().int().nonnegative(),
  stakedWei: weiSchema,
  totalWei: weiSchema,
  earnedWei: weiSchema,
  consensusRewardsWei: weiSchema,
  executionRewardsWei: weiSchema,
  dailyIncomeWei: weiSchema,
  weeklyIncomeWei: weiSchema,
  monthlyIncomeWei: weiSchema,
  /** Percent with two decimals ("3.42"), null without stake. */
  averageApr: z
    .string()
    .regex(/^-?\d+(?:\.\d+)?$/)
    .nullable(),
});
export type RewardsSummary = z.infer<typeof rewardsSummarySchema>;

/** Whose rewards, where: the owner's address, the network slug and the environment id. */
export interface OwnerScope {
  readonly owner: string;
  readonly network: string;
  readonly environment: string;
}

/** Reads an owner's rewards summary. Throws ApiUnreachableError, ApiResponseError or UnexpectedApiResponseError. */
export async function getRewardsSummary(scope: OwnerScope, signal?: AbortSignal): Promise<RewardsSummary> {
  const url = apiUrl("/rewards/summary");
  return parseApiResponse(rewardsSummarySchema, await getJson(url, { ...scope }, signal), `GET ${url}`);
}

/** The summary of `scope`, read again when it changes; idle without a scope (no owner chosen yet). */
export function useRewardsSummary(scope: OwnerScope | undefined) {
  return useApiQuery(scope && `summary:${scope.network}:${scope.environment}:${scope.owner}`, (signal) =>
    getRewardsSummary(scope as OwnerScope, signal),
  );
}
