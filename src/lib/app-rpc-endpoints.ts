import { AppError } from "../core/app-error.ts";
import type { Environment, Network } from "../generated/index.ts";
import { getJson } from "./api-client.ts";

/** The backend answered the endpoint call with something that is not an RPC endpoint for the chain. */
export class RpcEndpointAnswerError extends AppError {
  constructor(path: string, detail: string) {
    super("errors.rpcEndpoint", { details: `${path}: ${detail}` });
    this.name = "RpcEndpointAnswerError";
  }
}

/**
 * Asks the staking backend which JSON-RPC endpoint the app must use for one environment (spec section 7:
 * GET {base}/networks/eth/infura?network_type=..., GET {base}/networks/cfx/rpc?network_type=...&space=espace).
 * The answer must name an http(s) URL and, when it says, the environment's own chain id.
 */
export async function fetchRpcEndpoint(apiBase: string, environment: Pick<Environment, "appRpcPath" | "chainId">) {
  const path = environment.appRpcPath;
  if (!path) throw new RpcEndpointAnswerError("(none)", "the environment has no appRpcPath");
  const answer = (await getJson(`${apiBase}${path}`)) as { url?: unknown; chainId?: unknown } | null;
  const url = answer?.url;
  if (typeof url !== "string" || !/^https?:\/\//.test(url)) {
    throw new RpcEndpointAnswerError(path, `expected { "url": "https://..." }, got ${JSON.stringify(answer)}`);
  }
  if (answer?.chainId !== undefined && answer.chainId !== environment.chainId) {
    throw new RpcEndpointAnswerError(
      path,
      `the endpoint is for chain ${String(answer.chainId)}, not ${environment.chainId}`,
    );
  }
  return url;
}

/**
 * For the environments of one build kind that name an appRpcPath: chain id → a resolver of the endpoint the
 * backend gives. The wallet kit asks at first use and falls back to the chain's public URLs meanwhile.
 */
export function rpcEndpointResolvers(
  apiBase: string,
  networks: readonly Network[],
  kind: Environment["kind"],
): Record<number, () => Promise<string>> {
  const environments = networks.flatMap((network) => [
    ...(network.environments ?? []),
    ...(network.subNetworks ?? []).flatMap((part) => part.environments ?? []),
  ]);
  return Object.fromEntries(
    environments
      .filter((environment) => environment.kind === kind && environment.appRpcPath)
      .map((environment) => [environment.chainId, () => fetchRpcEndpoint(apiBase, environment)]),
  );
}
