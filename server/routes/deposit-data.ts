import type { FastifyInstance } from "fastify";
import type { DepositDataService } from "../deposits/deposit-data-service.ts";
import { depositRequestJsonSchema, depositRequestSchema } from "../deposits/deposit-request.ts";
import { ApiError } from "../http/api-error.ts";

const hex = (bytes: number) => ({ type: "string", pattern: `^[0-9a-f]{${bytes * 2}}$` });

/** POST /deposit-data: operator validators for a stake, as deposit CLI deposit_data entries. */
export async function depositDataRoutes(app: FastifyInstance, { service }: { service: DepositDataService }) {
  app.post(
    "/deposit-data",
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        summary: "Create (or fetch again, by idempotency key) validators and their deposit data",
        description:
          "Returns entries in the staking deposit CLI's deposit_data format, signed under the environment's genesis fork version, with withdrawal credentials pointing at the owner. Verify them before signing a deposit. New validators count against a per-address allowance per minute (429) and caps on keys never deposited (409); a busy server answers 503 with Retry-After. With DEPOSIT_REQUIRES_SIGN_IN the owner's sign-in session is required as Authorization: Bearer (401, 403).",
        tags: ["deposits"],
        body: depositRequestJsonSchema,
        response: {
          "2xx": {
            type: "object",
            required: ["requestId", "depositData"],
            properties: {
              requestId: { type: "integer" },
              depositData: {
                type: "array",
                items: {
                  type: "object",
                  properties: {
                    pubkey: hex(48),
                    withdrawal_credentials: hex(32),
                    amount: { type: "integer", description: "gwei" },
                    signature: hex(96),
                    deposit_message_root: hex(32),
                    deposit_data_root: hex(32),
                    fork_version: hex(4),
                    network_name: { type: "string" },
                    deposit_cli_version: { type: "string" },
                  },
                },
              },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const parsed = depositRequestSchema.safeParse(request.body);
      if (!parsed.success)
        throw new ApiError(400, "invalid_request", parsed.error.issues[0]?.message ?? "invalid body");
      const result = await service.handle(parsed.data, {
        client: request.ip,
        authorization: request.headers.authorization,
      });
      return reply
        .status(result.created ? 201 : 200)
        .send({ requestId: result.requestId, depositData: result.depositData });
    },
  );
}
