/**
 * Source of an EIP-6963 test wallet injected into the page before it loads. It forwards requests to the
 * anvil node of its current chain (whose dev accounts are unlocked), announces itself as "Devnet Test Wallet",
 * and rejects the next connection with EIP-1193 code 4001 when window.__rejectNextConnection is set. Like a
 * real wallet it knows only its first chain: switching to another answers 4902 until wallet_addEthereumChain
 * (recorded in window.__addedChains) adds it. window.__walletMoveTo(hexChainId) moves it as if the user did.
 * personal_sign is signed by anvil, or rejected with 4001 when window.__rejectNextSignature is set.
 */
export interface TestWalletIdentity {
  readonly name: string;
  readonly rdns: string;
  readonly uuid: string;
  /** Which of anvil's dev accounts the wallet holds. */
  readonly accountIndex: number;
}

export const DEVNET_TEST_WALLET: TestWalletIdentity = {
  name: "Devnet Test Wallet",
  rdns: "example.devnet.testwallet",
  uuid: "6f0b3c2e-2f4d-4c8e-9a51-2d9c7c1e0a11",
  accountIndex: 0,
};

/** Another extension with anvil's second dev account, for switching between wallets. */
export const SECOND_TEST_WALLET: TestWalletIdentity = {
  name: "Second Test Wallet",
  rdns: "example.devnet.secondwallet",
  uuid: "0c7d9a54-8b1e-4f3a-a6d2-5e4b3c2a1f00",
  accountIndex: 1,
};

export function devnetTestWalletScript(rpcUrl: string, identity: TestWalletIdentity = DEVNET_TEST_WALLET): string {
  return `(() => {
  const known = new Map();
  let chainId;
  let rpcUrl = ${JSON.stringify(rpcUrl)};
  // The first wallet injected owns the test hooks below.
  const owner = window.__walletMoveTo === undefined;
  if (owner) window.__addedChains = [];
  const listeners = new Map();
  let id = 0;
  let connected = [];
  const rpc = async (method, params) => {
    const response = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params: params ?? [] }),
    });
    const body = await response.json();
    if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code, data: body.error.data });
    return body.result;
  };
  const emit = (event, value) => (listeners.get(event) ?? []).forEach((listener) => listener(value));
  const moveTo = (id) => {
    chainId = id;
    rpcUrl = known.get(id) ?? "";
    emit("chainChanged", id);
  };
  if (owner) window.__walletMoveTo = moveTo;
  const ready = rpc("eth_chainId").then((id) => {
    chainId = id;
    known.set(id, rpcUrl);
  });
  const provider = {
    async request({ method, params }) {
      await ready;
      if (method === "eth_chainId") return chainId;
      if (method === "wallet_switchEthereumChain") {
        const id = params[0].chainId;
        if (!known.has(id)) throw Object.assign(new Error("Unrecognized chain ID."), { code: 4902 });
        moveTo(id);
        return null;
      }
      if (method === "wallet_addEthereumChain") {
        if (owner) window.__addedChains.push(params[0]);
        known.set(params[0].chainId, params[0].rpcUrls[0]);
        moveTo(params[0].chainId);
        return null;
      }
      if (method === "personal_sign" && window.__rejectNextSignature) {
        window.__rejectNextSignature = false;
        throw Object.assign(new Error("User denied message signature."), { code: 4001 });
      }
      if (method === "eth_requestAccounts") {
        if (window.__rejectNextConnection) {
          window.__rejectNextConnection = false;
          throw Object.assign(new Error("User rejected the request."), { code: 4001 });
        }
        connected = (await rpc("eth_accounts")).slice(${identity.accountIndex}, ${identity.accountIndex + 1});
        emit("accountsChanged", connected);
        return connected;
      }
      if (method === "eth_accounts") return connected;
      if (method === "wallet_requestPermissions") return [{ parentCapability: "eth_accounts" }];
      if (method === "wallet_revokePermissions") {
        connected = [];
        emit("accountsChanged", []);
        return null;
      }
      return rpc(method, params);
    },
    on(event, listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return provider;
    },
    removeListener(event, listener) {
      listeners.set(event, (listeners.get(event) ?? []).filter((known) => known !== listener));
      return provider;
    },
  };
  const info = {
    uuid: ${JSON.stringify(identity.uuid)},
    name: ${JSON.stringify(identity.name)},
    icon: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 8 8'%3E%3Crect width='8' height='8' fill='%23f59f00'/%3E%3C/svg%3E",
    rdns: ${JSON.stringify(identity.rdns)},
  };
  const announce = () =>
    window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail: Object.freeze({ info, provider }) }));
  window.addEventListener("eip6963:requestProvider", announce);
  announce();
})();`;
}
