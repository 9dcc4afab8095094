import { banner } from "./banner.ts";
import { homeOrder, type NetworkEntry } from "./emit-modules.ts";

type Json = Record<string, unknown>;

/** The contract slots the secure frame names in its approvals (networks/*.json `contracts`). */
const NAMED_CONTRACTS = [
  "deposit",
  "ethStaking",
  "claim",
  "ssv",
  "ssvNetwork",
  "withdrawal",
  "consolidation",
  "stakingPool",
] as const;

/**
 * src/generated/frame-contracts.ts: for every EVM chain, the contracts and ERC-20 tokens the embedded wallet's
 * secure frame names in its approval dialogs (a contract's role, a token's symbol and decimals), and nothing
 * else, so the frame's bundle stays small and never loads the app's network modules. The SSV token counts as
 * a token (SSV, 18 decimals) wherever `contracts.ssv` is set.
 */
export function emitFrameContracts(entries: readonly NetworkEntry[]): string {
  const chains: string[] = [];
  for (const entry of homeOrder(entries)) {
    const network = entry.data;
    const offerings = [network, ...((network.subNetworks as Json[] | undefined) ?? [])];
    for (const offering of offerings) {
      for (const environment of (offering.environments as Json[] | undefined) ?? []) {
        const contracts = (environment.contracts as Json | undefined) ?? {};
        const named = Object.fromEntries(
          NAMED_CONTRACTS.filter((slot) => typeof contracts[slot] === "string").map((slot) => [slot, contracts[slot]]),
        );
        const tokens = ((environment.tokens as Json[] | undefined) ?? []).map((token) => [
          token.address,
          token.symbol,
          token.decimals,
        ]);
        if (typeof contracts.ssv === "string") tokens.push([contracts.ssv, "SSV", 18]);
        if (Object.keys(named).length === 0 && tokens.length === 0) continue;
        chains.push(`  ${environment.chainId}: ${JSON.stringify({ contracts: named, tokens })},`);
      }
    }
  }
  return `${banner("networks/*.json")}
/** A contract slot the frame names: networks/*.json \`contracts\`. */
export type FrameContractRole = ${NAMED_CONTRACTS.map((slot) => JSON.stringify(slot)).join(" | ")};

/** Per chain id: the named contracts and the ERC-20 tokens as [address, symbol, decimals]. */
export const frameContracts: Readonly<
  Record<
    number,
    {
      readonly contracts: Partial<Readonly<Record<FrameContractRole, \`0x\${string}\`>>>;
      readonly tokens: readonly (readonly [address: \`0x\${string}\`, symbol: string, decimals: number])[];
    }
  >
> = {
${chains.join("\n")}
};
`;
}
