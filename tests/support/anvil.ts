import { type RunningAnvil, type StartAnvilOptions, startAnvil as startDevnetAnvil } from "../../devnet/start-anvil.ts";

export type { RunningAnvil };

/**
 * A real anvil chain on loopback for a test: the devnet's startAnvil (the one place that finds and starts the
 * binary), with anvil's own chain id (31337) unless the test names one. The test owns it: stop() in afterAll.
 */
export function startAnvil(options: Partial<StartAnvilOptions> = {}): Promise<RunningAnvil> {
  return startDevnetAnvil({ chainId: 31_337, ...options });
}
