import type { BeaconHandler } from "./beacon-routes.ts";
import { validatorStatus } from "./beacon-state.ts";
import { BadRequestError } from "./validator-query.ts";

/**
 * POST /eth/v1/validator/liveness/{epoch} (body: validator indices as strings): is_live for each, true when the
 * validator was active in that epoch and is not in node.offline (tests take a validator offline to make it miss).
 */
export const liveness: BeaconHandler = async (node, request) => {
  const epochText = request.params[0] ?? "";
  if (!/^\d+$/.test(epochText)) throw new BadRequestError(`Invalid epoch: ${epochText}`);
  const body = request.body;
  if (!Array.isArray(body) || !body.every((item) => typeof item === "string" && /^\d+$/.test(item))) {
    throw new BadRequestError("body must be an array of validator indices as decimal strings");
  }
  const epoch = BigInt(epochText);
  const { state } = await node.stateAt(String(epoch * BigInt(node.params.slotsPerEpoch)));
  return {
    data: (body as string[]).map((index) => {
      const validator = state.validators[Number(index)];
      const live =
        validator !== undefined &&
        validatorStatus(validator, epoch).startsWith("active") &&
        !node.offline.has(validator.pubkey.toLowerCase());
      return { index, is_live: live };
    }),
  };
};
