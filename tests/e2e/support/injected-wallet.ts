import type { BrowserContext } from "playwright-core";
import type { Address } from "viem";

export const INJECTED_WALLET_NAME = "Rehearsal Wallet";

/**
 * A browser wallet for builds without the Devnet Wallet (testnet, mainnet): an EIP-1193 provider announced
 * through EIP-6963 in every page of `context`, over one of anvil's unlocked accounts on `chainId`. Requests
 * leave the page through a function exposed to Node, which forwards them to `rpcUrl`, so the page's
 * Content-Security-Policy (connect-src) is the app's own and the chain needs no CORS.
 */
export async function injectWallet(
  context: BrowserContext,
  wallet: { readonly rpcUrl: string; readonly chainId: number; readonly account: Address },
): Promise<void> {
  let id = 0;
  await context.exposeFunction("__rehearsalWalletRpc", async (method: string, params: unknown[]) => {
    id += 1;
    const response = await fetch(wallet.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id, method, params }),
    });
    return (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
  });
  await context.addInitScript(
    ({ name, account, chainId }) => {
      const hexChainId = `0x${chainId.toString(16)}`;
      const listeners = new Map<string, Set<(value: unknown) => void>>();
      const rpc = (window as unknown as { __rehearsalWalletRpc(m: string, p: unknown[]): Promise<unknown> })
        .__rehearsalWalletRpc;
      // Like a real wallet, the account is shown to the page only once it asked for it (eth_requestAccounts).
      let connected = false;
      const fail = (code: number, message: string) => Object.assign(new Error(message), { code });
      const provider = {
        async request({ method, params = [] }: { method: string; params?: unknown[] }): Promise<unknown> {
          switch (method) {
            case "eth_requestAccounts":
              connected = true;
              return [account];
            case "eth_accounts":
              return connected ? [account] : [];
            case "eth_chainId":
              return hexChainId;
            case "wallet_switchEthereumChain": {
              const [target] = params as [{ chainId: string }];
              if (Number(target.chainId) === chainId) return null;
              throw fail(4902, `this wallet knows only chain ${chainId}`);
            }
            case "wallet_requestPermissions":
              connected = true;
              return [{ parentCapability: "eth_accounts" }];
            case "wallet_getPermissions":
              return connected ? [{ parentCapability: "eth_accounts" }] : [];
            case "wallet_revokePermissions":
              connected = false;
              return null;
          }
          const answer = (await rpc(method, params)) as {
            result?: unknown;
            error?: { code: number; message: string };
          };
          if (answer.error) throw fail(answer.error.code, answer.error.message);
          return answer.result;
        },
        on(event: string, listener: (value: unknown) => void) {
          if (!listeners.has(event)) listeners.set(event, new Set());
          listeners.get(event)?.add(listener);
          return provider;
        },
        removeListener(event: string, listener: (value: unknown) => void) {
          listeners.get(event)?.delete(listener);
          return provider;
        },
      };
      const info = {
        uuid: "6f1b2a7e-0c55-4a8e-9d21-5e3c2b7a9f10",
        name,
        icon: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1 1'/%3E",
        rdns: "org.example.rehearsal-wallet",
      };
      const announce = () =>
        window.dispatchEvent(
          new CustomEvent("eip6963:announceProvider", { detail: Object.freeze({ info, provider }) }),
        );
      window.addEventListener("eip6963:requestProvider", announce);
      announce();
    },
    { name: INJECTED_WALLET_NAME, account: wallet.account, chainId: wallet.chainId },
  );
}
