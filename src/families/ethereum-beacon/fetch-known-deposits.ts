import { z } from "zod";
import { getJson } from "../../lib/api-client.ts";
import { apiUrl } from "../../lib/app-environment.ts";
import { DepositServiceAnswerError } from "./stake-errors.ts";

const answerSchema = z.object({ known: z.array(z.string()) });

/**
 * The public keys among `pubkeys` (hex without 0x) that already have a deposit on this network environment,
 * per the backend's indexer (GET /deposits/known), lower-case.
 */
export async function fetchKnownDeposits(input: {
  readonly network: string;
  readonly environment: string;
  readonly pubkeys: readonly string[];
  readonly signal?: AbortSignal;
}): Promise<ReadonlySet<string>> {
  if (input.pubkeys.length === 0) return new Set();
  const answer = answerSchema.safeParse(
    await getJson(
      apiUrl("/deposits/known"),
      { network: input.network, environment: input.environment, pubkeys: input.pubkeys.join(",") },
      input.signal,
    ),
  );
  if (!answer.success) throw new DepositServiceAnswerError(answer.error.issues[0]?.message ?? "unexpected answer");
  return new Set(answer.data.known.map((key) => key.toLowerCase().replace(/^0x/, "")));
}
