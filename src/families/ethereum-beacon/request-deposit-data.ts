import { formatEther } from "viem";
import { z } from "zod";
import { type DepositRequest, depositDataPath, depositDataResponse } from "../../core/api/deposit-data.ts";
import { postJson } from "../../lib/api-client.ts";
import { apiUrl } from "../../lib/app-environment.ts";
import { signInToken } from "../../lib/sign-in/server-sign-in.ts";
import type { StakeChoice } from "./stake-choice.ts";
import { DepositServiceAnswerError } from "./stake-errors.ts";

/** The route's answer, its entries left unchecked here: verifyDeposits checks each and says what is wrong. */
const answerSchema = depositDataResponse.extend({ depositData: z.array(z.unknown()) });

/**
 * Asks the backend's deposit-data service (POST /deposit-data) for the validators of a stake. The same
 * `idempotencyKey` with the same choice returns the same validators, so a retry never creates new ones.
 * The entries are returned unchecked: verifyDeposits decides whether they may be signed. When this browser
 * holds a sign-in session, its token goes along (a server may require the owner's session).
 */
export async function requestDepositData(input: {
  readonly owner: string;
  readonly network: string;
  readonly environment: string;
  readonly choice: StakeChoice;
  readonly idempotencyKey: string;
  readonly signal?: AbortSignal;
}): Promise<readonly unknown[]> {
  const { choice } = input;
  const body: DepositRequest = {
    owner: input.owner,
    network: input.network,
    environment: input.environment,
    credentialType: choice.credentialType,
    ...(choice.credentialType === "0x01"
      ? { validatorCount: choice.validators }
      : { amount: formatEther(choice.amountWei) }),
    idempotencyKey: input.idempotencyKey,
  };
  // A server with DEPOSIT_REQUIRES_SIGN_IN wants the owner's session (the app holds one with signInRequired).
  const token = signInToken();
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const answer = answerSchema.safeParse(await postJson(apiUrl(depositDataPath), body, input.signal, headers));
  if (!answer.success) throw new DepositServiceAnswerError(answer.error.issues[0]?.message ?? "unexpected answer");
  return answer.data.depositData;
}
