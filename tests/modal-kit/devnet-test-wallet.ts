/**
 * Source of an EIP-6963 test wallet injected into the page before it loads. It forwards requests to the
 * anvil node (whose dev accounts are unlocked), announces itself as "Devnet Test Wallet", and rejects the next
 * connection with EIP-1193 code 4001 when window.__rejectNextConnection is set.
 */
export function devnetTestWalletScript(rpcUrl: string): string {
  return `(() => {
  const rpcUrl = ${JSON.stringify(rpcUrl)};
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
  const provider = {
    async request({ method, params }) {
      if (method === "eth_requestAccounts") {
        if (window.__rejectNextConnection) {
          window.__rejectNextConnection = false;
          throw Object.assign(new Error("User rejected the request."), { code: 4001 });
        }
        connected = (await rpc("eth_accounts")).slice(0, 1);
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
    uuid: "6f0b3c2e-2f4d-4c8e-9a51-2d9c7c1e0a11",
    name: "Devnet Test Wallet",
    icon: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 8 8'%3E%3Crect width='8' height='8' fill='%23f59f00'/%3E%3C/svg%3E",
    rdns: "example.devnet.testwallet",
  };
  const announce = () =>
    window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail: Object.freeze({ info, provider }) }));
  window.addEventListener("eip6963:requestProvider", announce);
  announce();
})();`;
}
