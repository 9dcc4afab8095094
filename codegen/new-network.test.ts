import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeProject, REPO_ROOT, removeProject } from "./fixtures/project.ts";
import { generate } from "./generate.ts";
import { projectLayout } from "./load-sources.ts";
import { writeOutputs } from "./write-outputs.ts";

const roots: string[] = [];

/** Runs tsc over a temp project's usage.ts and generated code, with the repository's compiler settings. */
function typecheck(root: string) {
  writeFileSync(
    join(root, "tsconfig.json"),
    JSON.stringify({ extends: join(REPO_ROOT, "tsconfig.json"), include: ["usage.ts", "src/generated"] }),
  );
  const tsc = join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");
  return spawnSync(process.execPath, [tsc, "--noEmit", "-p", root], { encoding: "utf8" });
}
afterAll(() => roots.forEach(removeProject));

describe("adding a network file", () => {
  it("puts the new network in the registry, its chains in the chain list, and the result type-checks", async () => {
    // Inside the repository so the generated code resolves viem from node_modules.
    const root = makeProject(
      join(REPO_ROOT, "codegen", "fixtures", "valid", "example-pool"),
      join(REPO_ROOT, "node_modules", ".cache", "codegen-tests"),
    );
    roots.push(root);
    const layout = projectLayout(root);
    const result = await generate(layout);
    expect(result.problems).toEqual([]);
    writeOutputs(layout.outDir, result.outputs);

    const registry = readFileSync(join(layout.outDir, "registry.ts"), "utf8");
    expect(registry).toContain('import { examplePoolNetwork } from "./networks/example-pool.ts";');
    expect(registry).toContain('"example-pool": examplePoolNetwork,');
    const chains = readFileSync(join(layout.outDir, "chains.ts"), "utf8");
    expect(chains).toContain("export const examplePoolMainnetChain = {");
    expect(chains).toMatch(/devnet: \[[^\]]*\bexamplePoolDevnetChain\b[^\]]*\]/);

    writeFileSync(
      join(root, "usage.ts"),
      `import { chainsByKind, isNetworkSlug, networks, type NetworkSlug } from "./src/generated/index.ts";
const slug: NetworkSlug = "example-pool";
const pool: \`0x\${string}\` | undefined = networks[slug].environments[0]?.contracts?.stakingPool;
const devnetIds: number[] = chainsByKind.devnet.map((chain) => chain.id);
// @ts-expect-error a slug that is not configured is not a NetworkSlug
const unknown: NetworkSlug = "not-configured";
export const used = [pool, devnetIds, unknown, isNetworkSlug("example-pool")];
`,
    );
    const tsc = typecheck(root);
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.status).toBe(0);
  });

  it("rejects generated code that misuses a network, so the types are real", async () => {
    const root = makeProject(undefined, join(REPO_ROOT, "node_modules", ".cache", "codegen-tests"));
    roots.push(root);
    const layout = projectLayout(root);
    writeOutputs(layout.outDir, (await generate(layout)).outputs);
    writeFileSync(
      join(root, "usage.ts"),
      `import { networks } from "./src/generated/index.ts";
export const chainId: string | undefined = networks.ethereum.environments[0]?.chainId;
`,
    );
    const tsc = typecheck(root);
    expect(tsc.status).not.toBe(0);
    expect(tsc.stdout).toContain("usage.ts");
    expect(tsc.stdout).toMatch(/Type .number( \| undefined)?. is not assignable to type .string( \| undefined)?./);
  });
});
