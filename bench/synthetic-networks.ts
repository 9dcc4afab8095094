import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO_ROOT } from "../codegen/fixtures/project.ts";

/**
 * A throwaway project with the real schemas, locales and app.json plus `count` synthetic network files,
 * each a delegation-pool network with a mainnet and a testnet environment (unique slugs and chain ids),
 * so every schema and cross-file rule does real work.
 */
export function makeSyntheticProject(count: number): string {
  const root = mkdtempSync(join(tmpdir(), "bench-networks-"));
  cpSync(join(REPO_ROOT, "schemas"), join(root, "schemas"), { recursive: true });
  cpSync(join(REPO_ROOT, "locales"), join(root, "locales"), { recursive: true });
  mkdirSync(join(root, "networks"));
  cpSync(join(REPO_ROOT, "networks", "app.json"), join(root, "networks", "app.json"));
  for (let index = 0; index < count; index++) {
    const slug = `net-${String(index).padStart(4, "0")}`;
    const environment = (kind: "mainnet" | "testnet", chainId: number) => ({
      id: kind,
      kind,
      name: `Network ${index} ${kind}`,
      chainId,
      rpcUrls: [`https://rpc-${kind}.${slug}.example.org`],
      explorers: { execution: { name: "Scan", url: `https://scan-${kind}.${slug}.example.org` } },
      contracts: { stakingPool: "0x00000000219ab540356cBB839Cbe05303d7705Fa" },
    });
    const network = {
      $schema: "../schemas/network.schema.json",
      slug,
      name: `Network ${index}`,
      symbol: "NET",
      decimals: 18,
      status: "live",
      order: index,
      family: "delegation-pool",
      descriptionKey: "networks.fantom.description",
      screens: ["stake", "reward", "claim"],
      staking: {
        minimum: "1",
        maximum: "1000",
        step: "1",
        rewardFrequency: "P1D",
        unbonding: { duration: "P7D", bound: "exact", mechanism: "unbonding" },
      },
      environments: [environment("mainnet", 1_000_000 + index * 2), environment("testnet", 1_000_001 + index * 2)],
      docs: [
        { id: "guide", labelKey: "networks.avalanche.docs.delegationGuide", url: `https://docs.${slug}.example.org` },
      ],
    };
    writeFileSync(join(root, "networks", `${slug}.json`), `${JSON.stringify(network, null, 2)}\n`);
  }
  return root;
}
