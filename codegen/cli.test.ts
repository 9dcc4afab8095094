import { spawnSync } from "node:child_process";
import { appendFileSync, readdirSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeProject, REPO_ROOT, removeProject } from "./fixtures/project.ts";

const roots: string[] = [];
afterAll(() => roots.forEach(removeProject));

function codegen(root: string, ...args: string[]) {
  const run = spawnSync(
    process.execPath,
    ["--import", "tsx", join(REPO_ROOT, "codegen", "cli.ts"), "--root", root, ...args],
    {
      cwd: REPO_ROOT,
      encoding: "utf8",
    },
  );
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const PROBLEM_LINE = /^(networks|locales|src\/generated)\/[^ ]+ {2}\/\S* {2}\S.*$/;

describe("npm run codegen / codegen:check", () => {
  it("prints every problem of an invalid config as file  /pointer  message, without a stack trace, and exits 1", () => {
    const root = makeProject(join(REPO_ROOT, "codegen", "fixtures", "invalid", "amount-not-positive-decimal"));
    roots.push(root);
    appendFileSync(join(root, "networks", "lava.json"), "}");
    const { status, stdout, stderr } = codegen(root, "--check");
    expect(status).toBe(1);
    expect(stdout).toBe("");
    const lines = stderr.trim().split("\n");
    const problems = lines.filter((line) => PROBLEM_LINE.test(line));
    expect(problems).toEqual([
      'networks/avalanche.json  /staking/minimum  "-5" is not a positive decimal amount: expected a string of digits with an optional fraction, greater than zero, such as "25" or "0.5"',
      expect.stringMatching(/^networks\/lava\.json {2}\/ {2}is not valid JSON: .* at line \d+ column \d+/),
    ]);
    expect(lines.at(-1)).toBe("codegen: 2 problems; fix them.");
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it("refuses to write anything when config is invalid", () => {
    const root = makeProject(join(REPO_ROOT, "codegen", "fixtures", "invalid", "chain-id-taken"));
    roots.push(root);
    const { status, stderr } = codegen(root);
    expect(status).toBe(1);
    expect(stderr).toContain("nothing was written to src/generated");
    expect(codegen(root, "--check").stderr).not.toContain("src/generated/");
  });

  it("fails the check when src/generated is missing, edited by hand or holds a stale file, until codegen runs", {
    timeout: 90_000,
  }, () => {
    const root = makeProject();
    roots.push(root);
    const missing = codegen(root, "--check");
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain(
      "src/generated/registry.ts  /  is missing: expected the module generated from networks/*.json (run `npm run codegen`)",
    );

    expect(codegen(root).status).toBe(0);
    expect(codegen(root, "--check")).toMatchObject({ status: 0, stderr: "" });

    appendFileSync(join(root, "src", "generated", "networks", "fantom.ts"), "// edited\n");
    writeFileSync(join(root, "src", "generated", "networks", "old.ts"), "export {};\n");
    const drift = codegen(root, "--check");
    expect(drift.status).toBe(1);
    expect(drift.stderr.split("\n").filter((line) => PROBLEM_LINE.test(line))).toEqual([
      "src/generated/networks/fantom.ts  /  is out of date with networks/fantom.json: expected it regenerated (run `npm run codegen`; never edit generated files)",
      "src/generated/networks/old.ts  /  is not produced by any config file: expected it removed (run `npm run codegen`)",
    ]);

    const rerun = codegen(root);
    expect(rerun.stdout).toContain("1 written, 1 removed");
    expect(codegen(root, "--check").status).toBe(0);
  });

  it("rewrites nothing when config is unchanged: every generated file keeps its modification time", () => {
    const root = makeProject();
    roots.push(root);
    expect(codegen(root).status).toBe(0);
    const dir = join(root, "src", "generated");
    const files = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
    // A time no run can produce, so any rewrite shows however coarse the file system's clock is.
    const past = new Date("2001-02-03T04:05:06.000Z");
    for (const file of files) utimesSync(file, past, past);
    const again = codegen(root);
    expect(again.stdout).toContain(`0 written, 0 removed, ${files.length} unchanged`);
    expect(files.filter((file) => statSync(file).mtime.getTime() !== past.getTime())).toEqual([]);
  });
});
