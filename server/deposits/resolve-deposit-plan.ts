import { getAddress, isAddress } from "viem";
import type { DepositRequest } from "../../src/core/api/deposit-data.ts";
import { compareDecimals, parseDecimal } from "../../src/core/decimal.ts";
import { GWEI_PER_ETH } from "../../src/core/deposit/index.ts";
import type { Environment, Network } from "../../src/generated/index.ts";
import { takesValidatorDeposits, validatorDepositNetworks } from "../families/index.ts";
import { ApiError } from "../http/api-error.ts";

export interface DepositPlan {
  readonly owner: `0x${string}`;
  readonly network: Network;
  readonly environment: Environment;
  readonly forkVersion: string;
  readonly credentialType: "0x01" | "0x02";
  /** Gwei of each deposit, in order. */
  readonly amountsGwei: readonly bigint[];
}

const bad = (field: string, message: string) => new ApiError(400, "invalid_field", message, field);

/**
 * Checks a deposit request against config: a real address, a network whose family takes validator deposits
 * (server/families/) and an environment this server serves, and an amount the network allows (0x01: N ×
 * perValidator; 0x02: one amount in range, whole gwei). Returns what to generate.
 */
export function resolveDepositPlan(
  request: DepositRequest,
  registry: readonly Network[],
  servedKinds: readonly string[],
): DepositPlan {
  if (!/^[A-Za-z0-9_-]{8,128}$/.test(request.idempotencyKey)) {
    throw bad("idempotencyKey", "expected 8 to 128 letters, digits, - or _");
  }
  if (!isAddress(request.owner, { strict: false }))
    throw bad("owner", "expected an address: 0x and 40 hexadecimal digits");
  const mixedCase = /[a-f]/.test(request.owner.slice(2)) && /[A-F]/.test(request.owner.slice(2));
  if (mixedCase && !isAddress(request.owner, { strict: true })) {
    throw bad(
      "owner",
      "fails its EIP-55 checksum, so it may contain a typo: expected the address exactly as the wallet shows it",
    );
  }
  const network = registry.find((candidate) => candidate.slug === request.network);
  if (!takesValidatorDeposits(network)) {
    const offered = validatorDepositNetworks(registry).map((candidate) => `"${candidate.slug}"`);
    throw bad("network", `"${request.network}" has no validator deposits here: expected ${offered.join(" or ")}`);
  }
  const environments = (network.environments ?? []).filter((candidate) => servedKinds.includes(candidate.kind));
  const environment = environments.find((candidate) => candidate.id === request.environment);
  if (!environment?.genesisForkVersion) {
    throw bad(
      "environment",
      `"${request.environment}" is not served here: expected ${environments.map((candidate) => `"${candidate.id}"`).join(" or ")}`,
    );
  }
  const staking = network.staking;
  const perValidator = parseDecimal(staking.perValidator ?? "");
  const minimum = parseDecimal(staking.minimum ?? "0");
  const maximum = staking.maximum ? parseDecimal(staking.maximum) : undefined;
  if (!perValidator || !minimum)
    throw new ApiError(503, "not_configured", "this network's staking amounts are not configured");
  const toGwei = (eth: { units: bigint; scale: number }) => (eth.units * GWEI_PER_ETH) / 10n ** BigInt(eth.scale);

  if (request.credentialType === "0x01") {
    if (request.amount !== undefined)
      throw bad("amount", "0x01 deposits are N validators of a fixed amount: send validatorCount, not amount");
    const count = request.validatorCount;
    const maxCount = maximum ? Number((toGwei(maximum) / toGwei(perValidator)) as bigint) : 1;
    if (count === undefined || !Number.isInteger(count) || count < 1 || count > maxCount) {
      throw bad(
        "validatorCount",
        `expected a whole number of validators from 1 to ${maxCount} (${staking.perValidator} ${network.symbol} each)`,
      );
    }
    return {
      owner: getAddress(request.owner),
      network,
      environment,
      forkVersion: environment.genesisForkVersion,
      credentialType: "0x01",
      amountsGwei: Array.from({ length: count }, () => toGwei(perValidator)),
    };
  }

  if (request.validatorCount !== undefined && request.validatorCount !== 1) {
    throw bad("validatorCount", "a 0x02 compounding deposit creates exactly one validator");
  }
  const amount = request.amount === undefined ? undefined : parseDecimal(request.amount);
  const range = `from ${staking.minimum ?? "0"} to ${staking.maximum ?? "any amount"} ${network.symbol}`;
  if (!amount || amount.scale > 9)
    throw bad("amount", `expected a decimal amount in ${network.symbol} with at most 9 decimals, ${range}`);
  if (compareDecimals(amount, minimum) < 0 || (maximum && compareDecimals(amount, maximum) > 0)) {
    throw bad("amount", `"${request.amount}" is out of range: expected ${range}`);
  }
  return {
    owner: getAddress(request.owner),
    network,
    environment,
    forkVersion: environment.genesisForkVersion,
    credentialType: "0x02",
    amountsGwei: [toGwei(amount)],
  };
}
