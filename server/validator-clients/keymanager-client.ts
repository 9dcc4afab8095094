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
   * DELETE /eth/v1/keystores for one key; resolves with the EIP-3076 interchange the client exports. "deleted" and
   * "not_active" (removed before, its slashing protection still kept) count as removed; so does "not_found" (the
   * client never held it, or lost it), with whatever interchange it sends.
   */
  async removeKeystore(pubkey: string): Promise<string> {
    const body = (await this.request("DELETE", "/eth/v1/keystores", { pubkeys: [pubkey] })) as
      | { data?: { status?: string; message?: string }[]; slashing_protection?: unknown }
      | undefined;
    const answer = body?.data?.[0];
    if (!["deleted", "not_active", "not_found"].includes(answer?.status ?? "")) {
      throw new KeymanagerError(
        `keystore removal answered ${answer?.status ?? "nothing"}${answer?.message ? `: ${answer.message}` : ""}`,
      );
    }
    if (typeof body?.slashing_protection !== "string") {
      throw new KeymanagerError("keystore removal answered without a slashing_protection interchange");
    }
    return body.slashing_protection;
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
