import { BaseError, type Chain, createPublicClient, defineChain, getAddress, http, type PublicClient } from "viem";
import { DeployCommandError } from "./deploy-command-error.ts";
import type { DeployOptions } from "./deploy-options.ts";
import type { NetworkTarget } from "./network-target.ts";
import { redactUrl } from "./redact-url.ts";

/** Runs one RPC read; a failure becomes a DeployCommandError that shows the RPC host only. */
export async function rpc<T>(url: URL, what: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    const reason = error instanceof BaseError ? error.shortMessage : "no answer";
    throw new DeployCommandError(`the RPC at ${redactUrl(url)} failed ${what}: ${reason}`);
  }
}

/**
 * A client for the environment's chain, after checking that the RPC serves that chain and, for Ethereum, that the
 * canonical deposit contract is there (a staking contract pointing at an empty address would lose every deposit).
 */
export async function connectChain(
  options: DeployOptions,
  target: NetworkTarget,
): Promise<{ readonly chain: Chain; readonly client: PublicClient }> {
  const { environment } = target;
  const chain = defineChain({
    id: environment.chainId,
    name: environment.name,
    nativeCurrency: { name: target.symbol, symbol: target.symbol, decimals: target.decimals },
    rpcUrls: { default: { http: [options.rpcUrl.href] } },
  });
  const client = createPublicClient({ chain, transport: http(options.rpcUrl.href, { retryCount: 0 }) });
  const chainId = await rpc(options.rpcUrl, "to give its chain id", () => client.getChainId());
  if (chainId !== environment.chainId) {
    throw new DeployCommandError(
      `wrong chain: the RPC at ${redactUrl(options.rpcUrl)} serves chain id ${chainId}, but ${target.label} (${environment.name}) is chain id ${environment.chainId}; point --rpc-url at ${environment.name} or pick the environment of chain ${chainId}`,
    );
  }
  if (target.family === "ethereum-beacon") {
    const named = environment.contracts?.deposit;
    if (!named)
      throw new DeployCommandError(`${target.label} names no contracts.deposit (the canonical deposit contract)`);
    const deposit = getAddress(named);
    const code = await rpc(options.rpcUrl, "to read the deposit contract", () => client.getCode({ address: deposit }));
    if (!code || code === "0x") {
      throw new DeployCommandError(
        `no deposit contract: chain ${chainId} has no code at ${deposit}, the canonical deposit contract ${target.label} names in contracts.deposit; staking there would lose the deposits, so nothing is deployed`,
      );
    }
  }
  return { chain, client };
}
