/** What went wrong talking to a validator client's Keymanager API; its message never holds the token. */
export class KeymanagerError extends Error {
  override readonly name = "KeymanagerError";
}

/** EIP-3076 slashing-protection interchange for keys that have never signed anything. */
export function emptyInterchange(genesisValidatorsRoot: string, pubkeys: readonly string[]): string {
  return JSON.stringify({
    metadata: { interchange_format_version: "5", genesis_validators_root: genesisValidatorsRoot },
    data: pubkeys.map((pubkey) => ({ pubkey, signed_blocks: [], signed_attestations: [] })),
  });
}

/** What DELETE /eth/v1/keystores answered for one key. */
export interface KeystoreRemoval {
  readonly status: "deleted" | "not_active" | "not_found";
  /** The EIP-3076 interchange (JSON text) the client exported, if it sent one. */
  readonly interchange: string | undefined;
}

/** The subset of the Keymanager API (ethereum/keymanager-APIs) the handoff speaks, with bearer-token auth. */
export class KeymanagerClient {
  private readonly base: string;
  private readonly authorization: string;

  constructor(
    url: string,
    token: string,
    private readonly timeoutMs = 10_000,
    /** Aborts requests in flight (the server is stopping). */
    private readonly stopping?: AbortSignal,
  ) {
    this.base = url.replace(/\/+$/, "");
    this.authorization = `Bearer ${token}`;
  }

  /** POST /eth/v1/keystores with one keystore; "duplicate" counts as imported (it already holds the key). */
  async importKeystore(keystore: unknown, password: string, slashingProtection: string): Promise<void> {
    const body = await this.request("POST", "/eth/v1/keystores", {
      keystores: [JSON.stringify(keystore)],
      passwords: [password],
      slashing_protection: slashingProtection,
    });
    const answer = (body as { data?: { status?: string; message?: string }[] } | undefined)?.data?.[0];
    if (answer?.status === "imported" || answer?.status === "duplicate") return;
    throw new KeymanagerError(
      `keystore import answered ${answer?.status ?? "nothing"}${answer?.message ? `: ${answer.message}` : ""}`,
    );
  }

  /**
   * DELETE /eth/v1/keystores for one key: the client stops signing with it, deletes it and exports its EIP-3076
   * slashing-protection interchange. "deleted", "not_active" (removed before; its data kept and sent again) and
   * "not_found" (never held, no data) are answers; "error" (found, but it could not stop using it) and anything
   * else throw. The interchange is whatever the client sent (undefined when it sent none).
   */
  async removeKeystore(pubkey: string): Promise<KeystoreRemoval> {
    const body = (await this.request("DELETE", "/eth/v1/keystores", { pubkeys: [pubkey] })) as
      | { data?: { status?: string; message?: string }[]; slashing_protection?: unknown }
      | undefined;
    const answer = body?.data?.[0];
    const status = answer?.status;
    if (status !== "deleted" && status !== "not_active" && status !== "not_found") {
      throw new KeymanagerError(
        `keystore removal answered ${status ?? "nothing"}${answer?.message ? `: ${answer.message}` : ""}`,
      );
    }
    const interchange = typeof body?.slashing_protection === "string" ? body.slashing_protection : undefined;
    return { status, interchange };
  }

  /** POST /eth/v1/validator/{pubkey}/feerecipient. */
  async setFeeRecipient(pubkey: string, ethaddress: string): Promise<void> {
    await this.request("POST", `/eth/v1/validator/${pubkey}/feerecipient`, { ethaddress });
  }

  private async request(method: string, path: string, payload: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.base}${path}`, {
        method,
        headers: { authorization: this.authorization, "content-type": "application/json" },
        body: JSON.stringify(payload),
        signal: this.stopping
          ? AbortSignal.any([AbortSignal.timeout(this.timeoutMs), this.stopping])
          : AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      throw new KeymanagerError(`${method} ${path}: validator client unreachable (${cause})`);
    }
    const text = await response.text();
    if (!response.ok) {
      let message = text.slice(0, 200);
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? message;
      } catch {
        // not JSON: keep the start of the text
      }
      throw new KeymanagerError(`${method} ${path}: HTTP ${response.status}: ${message}`);
    }
    return text === "" ? undefined : JSON.parse(text);
  }
}
