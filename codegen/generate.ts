import { emitChains } from "./emit/emit-chains.ts";
import { emitFrameContracts } from "./emit/emit-frame-contracts.ts";
import { emitAppModule, emitIndex, emitNetworkModule, emitRegistry, type NetworkEntry } from "./emit/emit-modules.ts";
import { emitTypes } from "./emit/emit-types.ts";
import { formatSchemaError } from "./format-schema-error.ts";
import { loadSources, type ProjectLayout, type SourceFile } from "./load-sources.ts";
import { orderProblems, type Problem } from "./problem.ts";
import type { CheckedFile } from "./rules/context.ts";
import { crossFileRules } from "./rules/index.ts";
import { type SchemaValidator, schemaValidatorFor } from "./schema-validator.ts";

/** A generated file: its path under src/generated/ and the config file(s) it comes from. */
export interface Output {
  readonly content: string;
  readonly source: string;
}

export interface GenerateResult {
  /** Every problem in every file; when non-empty, outputs is empty. */
  readonly problems: readonly Problem[];
  /** Generated files keyed by path relative to the output folder, with forward slashes. */
  readonly outputs: ReadonlyMap<string, Output>;
  readonly networkCount: number;
}

/** Validates all config (schemas, then cross-file rules) and, when it is all valid, renders src/generated/. */
export async function generate(layout: ProjectLayout): Promise<GenerateResult> {
  const sources = loadSources(layout);
  const validator = schemaValidatorFor(layout.schemasDir);
  const problems: Problem[] = [...sources.problems];
  const check = (source: SourceFile, schema: "network.schema.json" | "app.schema.json"): CheckedFile => {
    const { errors, marks } = validator.validate(schema, source.data);
    for (const error of errors) {
      const problem = formatSchemaError(error, source.file, schema, validator);
      if (problem) problems.push(problem);
    }
    return { ...source, marks };
  };
  const app = sources.app ? check(sources.app, "app.schema.json") : undefined;
  const networks = sources.networks.map((source) => check(source, "network.schema.json"));
  const context = { app, networks, locales: sources.locales, iconFiles: sources.iconFiles };
  for (const rule of crossFileRules) problems.push(...rule(context));

  if (problems.length > 0 || !app) {
    return { problems: orderProblems(problems), outputs: new Map(), networkCount: networks.length };
  }
  return { problems: [], outputs: await render(app, networks, validator, layout), networkCount: networks.length };
}

async function render(
  app: CheckedFile,
  networks: readonly CheckedFile[],
  validator: SchemaValidator,
  layout: ProjectLayout,
): Promise<Map<string, Output>> {
  const outputs = new Map<string, Output>();
  const entries: NetworkEntry[] = networks.map(({ name, data }) => {
    const { $schema: _hint, ...rest } = data as Record<string, unknown>;
    return { slug: name, order: rest.order as number | undefined, data: rest };
  });
  const [networkTypes, appTypes] = await Promise.all([
    emitTypes(validator.schemas, "network.schema.json", "Network", layout.schemasDir, layout.cacheDir),
    emitTypes(validator.schemas, "app.schema.json", "App", layout.schemasDir, layout.cacheDir),
  ]);
  outputs.set("types/network.ts", { content: networkTypes, source: "schemas/network.schema.json" });
  outputs.set("types/app.ts", { content: appTypes, source: "schemas/app.schema.json" });
  for (const entry of [...entries].sort((a, b) => (a.slug < b.slug ? -1 : 1))) {
    outputs.set(`networks/${entry.slug}.ts`, {
      content: emitNetworkModule(entry),
      source: `networks/${entry.slug}.json`,
    });
  }
  const { $schema: _hint, ...appData } = app.data as Record<string, unknown>;
  outputs.set("app.ts", { content: emitAppModule(appData), source: app.file });
  outputs.set("registry.ts", { content: emitRegistry(entries), source: "networks/*.json" });
  outputs.set("chains.ts", { content: emitChains(entries), source: "networks/*.json" });
  outputs.set("frame-contracts.ts", { content: emitFrameContracts(entries), source: "networks/*.json" });
  outputs.set("index.ts", { content: emitIndex(), source: "networks/*.json" });
  return outputs;
}
