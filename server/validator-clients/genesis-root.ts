/** genesis_validators_root from a Beacon API (GET /eth/v1/beacon/genesis), asked once per node. */
export class GenesisRoots {
  private readonly known = new Map<string, string>();

  constructor(
    private readonly timeoutMs: number,
    private readonly stopping?: AbortSignal,
  ) {}

  async of(beaconApiUrl: string): Promise<string> {
    const known = this.known.get(beaconApiUrl);
    if (known) return known;
    let root: unknown;
    let problem = "";
    try {
      const timeout = AbortSignal.timeout(this.timeoutMs);
      const response = await fetch(`${beaconApiUrl}/eth/v1/beacon/genesis`, {
        signal: this.stopping ? AbortSignal.any([timeout, this.stopping]) : timeout,
      });
      problem = ` (HTTP ${response.status})`;
      root = response.ok
        ? ((await response.json()) as { data?: { genesis_validators_root?: unknown } }).data?.genesis_validators_root
        : undefined;
    } catch (error) {
      problem = ` (${(error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name})`;
    }
    if (typeof root !== "string" || !/^0x[0-9a-fA-F]{64}$/.test(root)) {
      throw new Error(`the Beacon API did not answer /eth/v1/beacon/genesis with a genesis_validators_root${problem}`);
    }
    this.known.set(beaconApiUrl, root);
    return root;
  }
}
