import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeProject, REPO_ROOT, removeProject } from "./fixtures/project.ts";
import { generate } from "./generate.ts";
import { projectLayout } from "./load-sources.ts";
import { formatProblem } from "./problem.ts";

const INVALID = join(REPO_ROOT, "codegen", "fixtures", "invalid");
const roots: string[] = [];
afterAll(() => roots.forEach(removeProject));

async function problemsFor(fixture?: string): Promise<string> {
  const root = makeProject(fixture);
  roots.push(root);
  const result = await generate(projectLayout(root));
  return result.problems.map((problem) => `${formatProblem(problem)}\n`).join("");
}

describe("codegen validation", () => {
  it("accepts the real networks, app.json and locales with no problem", async () => {
    expect(await problemsFor()).toBe("");
  });

  it("reports the issue's example exactly: a negative Avalanche minimum", async () => {
    expect(await problemsFor(join(INVALID, "amount-not-positive-decimal"))).toContain(
      'networks/avalanche.json  /staking/minimum  "-5" is not a positive decimal amount',
    );
  });

  const fixtures = readdirSync(INVALID).sort();
  it("has one invalid fixture per rule", () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(40);
  });

  for (const name of fixtures) {
    it(`rejects the "${name}" fixture with its exact message`, async () => {
      const expected = readFileSync(join(INVALID, name, "expected.txt"), "utf8");
      expect(expected.trim()).not.toBe("");
      expect(await problemsFor(join(INVALID, name))).toBe(expected);
    });
  }
});
