/**
 * The "Devnet Wallet": an EIP-1193 provider backed by anvil's unlocked dev accounts. anvil signs
 * (eth_sendTransaction, personal_sign, eth_signTypedData_v4) for those accounts, so no key lives in the
 * page. For tests it can switch accounts, simulate the user rejecting requests (error 4001) and fail after
 * broadcasting a transaction.
 * Browser-safe: uses fetch only. Devnet builds only.
 */

export interface DevnetWalletChain {
  readonly chainId: number;
  readonly rpcUrl: string;
}

export interface RequestArguments {
  readonly method: string;
  readonly params?: readonly unknown[] | object;
}

/** An EIP-1193 ProviderRpcError. */
export class ProviderRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = "ProviderRpcError";
  }
}

type Listener = (...args: unknown[]) => void;

/** Methods that show the user a prompt in a real wallet, so a simulated rejection applies to them. */
const PROMPTING = new Set([
  "eth_requestAccounts",
  "eth_sendTransaction",
  "eth_sign",
  "personal_sign",
  "eth_signTypedData_v4",
  "wallet_switchEthereumChain",
  "wallet_addEthereumChain",
  "wallet_requestPermissions",
]);
const SIGNING = new Set(["eth_sendTransaction", "eth_sign", "personal_sign", "eth_signTypedData_v4"]);

const toHexChainId = (chainId: number) => `0x${chainId.toString(16)}`;

/** Where the Devnet Wallet remembers its state in the page's storage. */
export const MEMORY_KEY = "devnetWallet";

export class DevnetWalletProvider {
  readonly isDevnetWallet = true;
  private readonly listeners = new Map<string, Set<Listener>>();
  private chain: DevnetWalletChain;
  private accounts: string[] | undefined;
  private selected: string | undefined;
  private connected = false;
  private rejecting = false;
  private failingAfterBroadcast = false;
  private nextId = 1;

  /**
   * `memory` keeps what a real wallet remembers across page loads (the site's authorization, the chosen
   * account and chain), so a reload reconnects as it would with a browser extension. Without it, nothing
   * is remembered.
   */
  constructor(
    private readonly chains: readonly DevnetWalletChain[],
    private readonly memory?: Pick<Storage, "getItem" | "setItem" | "removeItem">,
  ) {
    const first = chains[0];
    if (!first) throw new Error("Devnet Wallet needs at least one chain");
    this.chain = first;
    const saved = this.recall();
    if (saved) {
      this.chain = chains.find((chain) => chain.chainId === saved.chainId) ?? first;
      this.selected = saved.account;
      this.connected = saved.connected;
    }
  }

  private recall(): { connected: boolean; account?: string; chainId?: number } | undefined {
    try {
      const text = this.memory?.getItem(MEMORY_KEY);
      if (!text) return undefined;
      const value = JSON.parse(text) as { connected?: unknown; account?: unknown; chainId?: unknown };
      return {
        connected: value.connected === true,
        ...(typeof value.account === "string" ? { account: value.account } : {}),
        ...(typeof value.chainId === "number" ? { chainId: value.chainId } : {}),
      };
    } catch {
      return undefined;
    }
  }

  private remember(): void {
    try {
      this.memory?.setItem(
        MEMORY_KEY,
        JSON.stringify({ connected: this.connected, account: this.selected, chainId: this.chain.chainId }),
      );
    } catch {
      // A wallet that cannot remember simply asks again after a reload.
    }
  }

  // --- test and UI controls ---

  /** The dev accounts (anvil's eth_accounts on the current chain). */
  async listAccounts(): Promise<string[]> {
    if (!this.accounts) {
      this.accounts = ((await this.rpc("eth_accounts", [])) as string[]).map((a) => a.toLowerCase());
      this.selected ??= this.accounts[0];
    }
    return this.accounts;
  }

  /** Makes another dev account the connected one and emits accountsChanged. */
  async selectAccount(address: string): Promise<void> {
    const accounts = await this.listAccounts();
    const wanted = address.toLowerCase();
    if (!accounts.includes(wanted)) throw new Error(`${address} is not a devnet account`);
    if (wanted === this.selected) return;
    this.selected = wanted;
    this.remember();
    if (this.connected) this.emit("accountsChanged", [wanted]);
  }

  /** While on, every request that would prompt the user fails with 4001 (user rejected). */
  setRejectRequests(on: boolean): void {
    this.rejecting = on;
  }

  /**
   * While on, eth_sendTransaction reaches the chain (the transaction is broadcast and, with automine, mined)
   * and then fails with -32603 (internal error) instead of answering its hash, as a wallet whose connection
   * or node dropped after broadcasting does.
   */
  setFailAfterBroadcast(on: boolean): void {
    this.failingAfterBroadcast = on;
  }

  get chainId(): number {
    return this.chain.chainId;
  }

  // --- EIP-1193 ---

  on(event: string, listener: Listener): this {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
    return this;
  }

  removeListener(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  async request({ method, params }: RequestArguments): Promise<unknown> {
    const list = Array.isArray(params) ? (params as unknown[]) : params === undefined ? [] : [params];
    if (this.rejecting && PROMPTING.has(method)) throw new ProviderRpcError(4001, "User rejected the request.");
    switch (method) {
      case "eth_requestAccounts":
      case "wallet_requestPermissions": {
        await this.listAccounts();
        const wasConnected = this.connected;
        this.connected = true;
        this.remember();
        if (!wasConnected) {
          this.emit("connect", { chainId: toHexChainId(this.chain.chainId) });
          this.emit("accountsChanged", [this.selected]);
        }
        return method === "eth_requestAccounts" ? [this.selected] : [{ parentCapability: "eth_accounts" }];
      }
      case "eth_accounts":
        return this.connected ? [this.selected] : [];
      case "wallet_getPermissions":
        return this.connected ? [{ parentCapability: "eth_accounts" }] : [];
      case "wallet_revokePermissions":
        if (this.connected) {
          this.connected = false;
          this.remember();
          this.emit("accountsChanged", []);
        }
        return null;
      case "eth_chainId":
        return toHexChainId(this.chain.chainId);
      case "net_version":
        return String(this.chain.chainId);
      case "wallet_switchEthereumChain":
      case "wallet_addEthereumChain":
        return this.switchChain(list[0]);
      default: {
        if (SIGNING.has(method)) this.checkSigner(method, list);
        const result = await this.rpc(method, list);
        if (this.failingAfterBroadcast && method === "eth_sendTransaction")
          throw new ProviderRpcError(-32603, "Internal JSON-RPC error.");
        return result;
      }
    }
  }

  private switchChain(param: unknown): null {
    const chainId = Number((param as { chainId?: string } | undefined)?.chainId);
    const target = this.chains.find((chain) => chain.chainId === chainId);
    if (!target) throw new ProviderRpcError(4902, `Unrecognized chain ID ${String(chainId)}.`);
    if (target !== this.chain) {
      this.chain = target;
      this.remember();
      this.emit("chainChanged", toHexChainId(chainId));
    }
    return null;
  }

  /** Only the connected account may sign (4100 otherwise), as in a real wallet. */
  private checkSigner(method: string, params: unknown[]): void {
    if (!this.connected) throw new ProviderRpcError(4100, "The requested account has not been authorized by the user.");
    let signer: unknown;
    if (method === "eth_sendTransaction") {
      const tx = params[0] as { from?: string } | undefined;
      signer = tx?.from ?? this.selected;
      if (tx && tx.from === undefined) params[0] = { ...tx, from: this.selected };
    } else if (method === "personal_sign") signer = params[1];
    else signer = params[0];
    if (typeof signer !== "string" || signer.toLowerCase() !== this.selected) {
      throw new ProviderRpcError(4100, "The requested account has not been authorized by the user.");
    }
  }

  private async rpc(method: string, params: unknown[]): Promise<unknown> {
    const response = await fetch(this.chain.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: this.nextId++, method, params }),
    });
    const body = (await response.json()) as {
      result?: unknown;
      error?: { code: number; message: string; data?: unknown };
    };
    if (body.error) throw new ProviderRpcError(body.error.code, body.error.message, body.error.data);
    return body.result;
  }

  private emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
}
