import type { FastifyInstance } from "fastify";
import {
  registerNameBody,
  registerNamePath,
  registerNameQuery,
  registerNameResponse,
} from "../../src/core/api/blockchain-api.ts";
import { ApiError } from "../http/api-error.ts";
import { zodRoutes } from "../http/zod-routes.ts";
import { takeOrRefuse } from "../limits/take-or-refuse.ts";
import { assertSignatureForm, checkSignature } from "../siwe/check-signature.ts";
import { registerName } from "./account-names.ts";
import { chainOfCoinType } from "./coin-type.ts";
import type { BlockchainApiDependencies } from "./dependencies.ts";
import { parseNameMessage } from "./name-message.ts";
import { parseAddress } from "./parse-address.ts";
import { resolveChain } from "./served-chain.ts";

/**
 * POST v1/profile/account: registers a name for an address that signed the registration message
 * (EIP-191; a contract wallet through EIP-1271, or ERC-6492 before it is deployed, each eth_call capped at
 * SIGNATURE_CHECK_GAS). Every attempt counts toward its client address's hourly limit before the signature is
 * checked (a check can cost the chain's node an eth_call); an address's own hourly limit counts only attempts
 * it signed, so nobody can use it up for another address with bad signatures.
 */
export async function registerNameRoute(
  app: FastifyInstance,
  { chains, storage, nameZone, counter, limits }: BlockchainApiDependencies,
) {
  const perHour = 3_600_000;
  zodRoutes(app).post(
    registerNamePath,
    {
      schema: {
        summary: "Register an account name",
        description: `The message is JSON {"name":"<label>.${nameZone}","attributes":{},"timestamp":<Unix seconds>}, signed by the address with personal_sign within the last 10 minutes. 409 when another address holds the name. At most NAME_REGISTRATIONS_PER_HOUR_PER_CLIENT attempts an hour from one client address and NAME_REGISTRATIONS_PER_HOUR_PER_ADDRESS signed ones per address (429 with Retry-After beyond); 422 when a wallet contract's signature check needs more gas than the server allows.`,
        tags: ["blockchain-api"],
        querystring: registerNameQuery,
        body: registerNameBody,
        response: { 200: registerNameResponse },
      },
    },
    async (request) => {
      await takeOrRefuse(counter, `names:client:${request.ip}`, {
        max: limits.namesPerHourPerClient,
        windowMs: perHour,
        per: "per client address",
      });
      const { body } = request;
      const chain = resolveChain(chains, chainOfCoinType(body.coin_type, "coin_type"), "coin_type");
      const address = parseAddress(body.address, "address");
      const message = parseNameMessage(body.message, nameZone, Math.floor(Date.now() / 1000));
      assertSignatureForm(body.signature);
      await checkSignature(
        { chainId: chain.environment.chainId, client: chain.client },
        { address, message: body.message, signature: body.signature },
      );
      await takeOrRefuse(counter, `names:address:${address.toLowerCase()}`, {
        max: limits.namesPerHourPerAddress,
        windowMs: perHour,
        per: "per address",
      });
      const profile = await registerName(storage, {
        name: message.name,
        address,
        coinType: body.coin_type,
        attributes: message.attributes,
      });
      if (profile === "taken") {
        throw new ApiError(409, "name_taken", `message: ${message.name} is registered to another address`, "message");
      }
      return profile;
    },
  );
}
