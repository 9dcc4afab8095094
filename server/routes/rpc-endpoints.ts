import type { FastifyInstance } from "fastify";
import { ApiError } from "../http/api-error.ts";
import type { ServedEnvironment } from "../rpc/served-environments.ts";
import { proxyPath } from "./rpc-proxy.ts";

interface Variant {
  readonly query: ReadonlyMap<string, string>;
  readonly entry: ServedEnvironment;
}

/**
 * The RPC-endpoint calls of the spec, built from config: each environment's appRpcPath
 * ("/networks/eth/infura?network_type=mainnet") becomes a GET route that, for the query naming that
 * environment, returns the address of this server's proxy for its chain (under publicBaseUrl, PUBLIC_BASE_URL).
 * Any other query gets a 400 listing the allowed values.
 */
export async function rpcEndpointRoutes(
  app: FastifyInstance,
  { publicBaseUrl, served }: { publicBaseUrl: string; served: readonly ServedEnvironment[] },
) {
  const byPath = new Map<string, Variant[]>();
  for (const entry of served) {
    const appRpcPath = entry.environment.appRpcPath;
    if (!appRpcPath) continue;
    const [path = "", search = ""] = appRpcPath.split("?");
    byPath.set(path, [...(byPath.get(path) ?? []), { query: new Map(new URLSearchParams(search)), entry }]);
  }

  for (const [path, variants] of byPath) {
    const parameters = [...new Set(variants.flatMap((variant) => [...variant.query.keys()]))];
    const allowed = (name: string) =>
      [...new Set(variants.map((variant) => variant.query.get(name)).filter(Boolean))] as string[];
    // Its query is this server's configuration (which environments it serves), checked below in those words.
    app.get<{ Querystring: Record<string, unknown> }>(
      path,
      {
        attachValidation: true,
        schema: {
          summary: `RPC endpoint for ${[...new Set(variants.map((variant) => variant.entry.environment.name))].join(", ")}`,
          description: "Returns the JSON-RPC endpoint the app must use for the chosen chain: this server's proxy.",
          tags: ["rpc"],
          querystring: {
            type: "object",
            required: parameters,
            properties: Object.fromEntries(parameters.map((name) => [name, { type: "string", enum: allowed(name) }])),
          },
          response: {
            200: {
              type: "object",
              required: ["url", "chainId", "network", "environment"],
              properties: {
                url: { type: "string", description: "JSON-RPC endpoint (POST) for this chain" },
                chainId: { type: "integer" },
                network: { type: "string" },
                environment: { type: "string" },
              },
            },
          },
        },
      },
      async (request) => {
        const query = request.query ?? {};
        for (const name of parameters) {
          const value = query[name];
          const values = allowed(name);
          const expected = values.map((item) => `"${item}"`).join(" or ");
          if (value === undefined || value === "") {
            throw new ApiError(
              400,
              "missing_query",
              `The query parameter ${name} is required: expected ${expected}`,
              name,
            );
          }
          if (typeof value !== "string" || !values.includes(value)) {
            throw new ApiError(
              400,
              "invalid_query",
              `${name}=${JSON.stringify(value)} is not served here: expected ${expected}`,
              name,
            );
          }
        }
        const match = variants.find((variant) => [...variant.query].every(([name, value]) => query[name] === value));
        if (!match) {
          const combinations = variants.map((variant) => new URLSearchParams([...variant.query]).toString()).join(", ");
          throw new ApiError(400, "invalid_query", `This combination is not served: expected one of ${combinations}`);
        }
        return {
          url: `${publicBaseUrl}${proxyPath(match.entry.environment.chainId)}`,
          chainId: match.entry.environment.chainId,
          network: [match.entry.network, match.entry.subNetwork].filter(Boolean).join("/"),
          environment: match.entry.environment.id,
        };
      },
    );
  }
}
