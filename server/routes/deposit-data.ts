import type { FastifyInstance } from "fastify";
import { depositDataBody, depositDataPath, depositDataResponse } from "../../src/core/api/deposit-data.ts";
import type { DepositDataService } from "../deposits/deposit-data-service.ts";
import { zodRoutes } from "../http/zod-routes.ts";

/** POST /deposit-data: operator validators for a stake, as deposit CLI deposit_data entries. */
export async function depositDataRoutes(app: FastifyInstance, { service }: { service: DepositDataService }) {
  zodRoutes(app).post(
    depositDataPath,
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        summary: "Create (or fetch again, by idempotency key) validators and their deposit data",
        description:
          "Returns entries in the staking deposit CLI's deposit_data format, signed under the environment's genesis fork version, with withdrawal credentials pointing at the owner. Verify them before signing a deposit. New validators count against a per-address allowance per minute (429) and caps on keys never deposited (409); a busy server answers 503 with Retry-After. With DEPOSIT_REQUIRES_SIGN_IN the owner's sign-in session is required as Authorization: Bearer (401, 403).",
        tags: ["deposits"],
        body: depositDataBody,
        response: { "2xx": depositDataResponse },
      },
    },
    async (request, reply) => {
      const result = await service.handle(request.body, {
        client: request.ip,
        authorization: request.headers.authorization,
      });
      return reply
        .status(result.created ? 201 : 200)
        .send({ requestId: result.requestId, depositData: [...result.depositData] });
    },
  );
}
