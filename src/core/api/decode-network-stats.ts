import type { NetworkStats } from "./network-stats.ts";
import { UnexpectedApiResponseError } from "./unexpected-api-response-error.ts";

/** GET /stats/networks (its contract, the zod schema, is network-stats.ts). */
export const networkStatsPath = "/stats/networks";

const PERCENT = /^-?\d+(?:\.\d+)?$/;
const WEI = /^-?\d+$/;

/** One answer's problem, located as zod names it ("networks.0.environments.1.measuredApr"). */
class Issue {
  constructor(
    readonly path: string,
    readonly message: string,
  ) {}
}

type Value = unknown;
const at = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

function record(value: Value, path: string): Record<string, Value> {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as Record<string, Value>;
  throw new Issue(path || "(root)", "expected an object");
}

function list(value: Value, path: string): Value[] {
  if (Array.isArray(value)) return value;
  throw new Issue(path, "expected an array");
}

function text(value: Value, path: string, pattern?: RegExp, expected = "expected a string"): string {
  if (typeof value === "string" && (!pattern || pattern.test(value))) return value;
  throw new Issue(path, expected);
}

const percentOrNull = (value: Value, path: string) =>
  value === null ? null : text(value, path, PERCENT, "expected a percentage like 3.42");

/**
 * Checks a /stats/networks answer against its contract and decodes it (amounts to bigint), without zod: these
 * stats load with the home page, whose JavaScript has a budget, and zod's runtime would add about 16 KB gzip to
 * it. It accepts exactly what network-stats.ts accepts and returns what it returns (decode-network-stats.test.ts
 * holds the two together); unknown keys are dropped, as zod drops them. Throws UnexpectedApiResponseError.
 */
export function decodeNetworkStats(value: Value, request: string): NetworkStats {
  try {
    const networks = list(record(value, "").networks, "networks").map((entry, index) => {
      const path = at("networks", index);
      const network = record(entry, path);
      return {
        network: text(network.network, at(path, "network")),
        referenceApr: percentOrNull(network.referenceApr, at(path, "referenceApr")),
        environments: list(network.environments, at(path, "environments")).map((item, position) => {
          const where = at(at(path, "environments"), position);
          const environment = record(item, where);
          return {
            environment: text(environment.environment, at(where, "environment")),
            measuredApr: percentOrNull(environment.measuredApr, at(where, "measuredApr")),
            totalStakedWei: BigInt(
              text(
                environment.totalStakedWei,
                at(where, "totalStakedWei"),
                WEI,
                "expected a whole number of base units as a decimal string",
              ),
            ),
          };
        }),
      };
    });
    return { networks };
  } catch (error) {
    if (error instanceof Issue) throw new UnexpectedApiResponseError(request, `${error.path} ${error.message}`);
    throw error;
  }
}
