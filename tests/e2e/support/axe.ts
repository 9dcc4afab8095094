import { createRequire } from "node:module";
import type { Frame, Page } from "playwright-core";

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * axe-core's serious and critical findings on the page (or frame) as it is now, one line each; with `rules`, only
 * those axe rules run.
 */
export async function seriousViolations(page: Page | Frame, rules?: readonly string[]): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(
    async (only) => {
      const axe = (
        window as unknown as {
          axe: { run(context?: unknown, options?: unknown): Promise<{ violations: AxeViolation[] }> };
        }
      ).axe;
      const options = only ? { runOnly: { type: "rule", values: only } } : undefined;
      return (await axe.run(document, options)).violations;
    },
    rules ? [...rules] : undefined,
  );
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
    );
}
