import type { FastifyInstance } from "fastify";
import { queryCatalogue } from "../../src/core/wallet-catalogue/query-catalogue.ts";
import { walletInitialSvg } from "../../src/core/wallet-catalogue/wallet-initial-svg.ts";
import { withSafeWalletLinks } from "../../src/core/wallet-catalogue/wallet-link-policy.ts";
import type { WalletListing } from "../../src/core/wallet-catalogue/wallet-listing.ts";
import { ApiError } from "../http/api-error.ts";
import { parseCatalogueQuery } from "../wallet-catalogue/parse-catalogue-query.ts";

const nullableText = { type: ["string", "null"] } as const;
const walletSchema = {
  type: "object",
  required: ["id", "name"],
  properties: {
    id: { type: "string", description: "Wallet id (the public wallet explorer id)." },
    name: { type: "string" },
    image_id: { ...nullableText, description: "Id for GET /wallet-catalogue/getWalletImage/{id}." },
    image_url: nullableText,
    mobile_link: nullableText,
    desktop_link: nullableText,
    webapp_link: nullableText,
    rdns: { ...nullableText, description: "EIP-6963 reverse-DNS name, to match installed wallets." },
    chains: { type: ["array", "null"], items: { type: "string" }, description: "Chain namespaces supported." },
    badge_type: nullableText,
  },
} as const;

const listQuery = (description: string) => ({ type: "string", description }) as const;

/**
 * The wallet catalogue in the shape of the wallet list API (modal-kit spec section 7), from the JSON file in
 * the repository, so the kit works self-hosted and offline: GET /wallet-catalogue/getWallets and
 * GET /wallet-catalogue/getWalletImage/{id}. A link that is neither https nor an approved wallet app scheme
 * (src/core/wallet-catalogue/wallet-link-policy.ts) is answered as null, never passed on.
 */
export async function walletCatalogueRoutes(
  app: FastifyInstance,
  { catalogue: listed }: { catalogue: readonly WalletListing[] },
) {
  const catalogue = listed.map(withSafeWalletLinks);
  const imageNames = new Map(catalogue.flatMap((wallet) => (wallet.image_id ? [[wallet.image_id, wallet.name]] : [])));
  // The modal kit's wallet list API (its spec's JSON Schemas): parseCatalogueQuery reads the query and names
  // the field at fault in the spec's words, so the query is typed as the raw parameters.
  app.get<{ Querystring: Record<string, unknown> }>(
    "/wallet-catalogue/getWallets",
    {
      attachValidation: true,
      schema: {
        summary: "One page of the wallet catalogue",
        description:
          "Wallets matching the filters, 1-based pages of `entries` (default 40, at most 100), and the count over all pages.",
        tags: ["wallet-catalogue"],
        querystring: {
          type: "object",
          required: ["projectId", "st", "sv"],
          properties: {
            projectId: listQuery("The caller's project id (any text when self-hosted)."),
            st: listQuery("SDK type of the caller."),
            sv: listQuery("SDK version of the caller."),
            page: listQuery("Page number from 1 (default 1)."),
            entries: listQuery("Page size, 1 to 100 (default 40)."),
            include: listQuery("Comma-separated wallet ids to keep only (in this order)."),
            exclude: listQuery("Comma-separated wallet ids to leave out."),
            chains: listQuery('Comma-separated CAIP-2 ids ("eip155:1"); wallets supporting one of their namespaces.'),
            search: listQuery("Case-insensitive part of the wallet's name (at most 100 characters)."),
            badge_type: listQuery('Only wallets with this badge ("certified").'),
          },
        },
        response: {
          200: {
            type: "object",
            required: ["data", "count"],
            properties: {
              data: { type: "array", items: walletSchema },
              count: { type: "integer", description: "How many wallets match over all pages." },
            },
          },
        },
      },
    },
    async (request) => queryCatalogue(catalogue, parseCatalogueQuery(request.query ?? {})),
  );
  app.get<{ Params: { id: string } }>(
    "/wallet-catalogue/getWalletImage/:id",
    {
      schema: {
        summary: "A wallet's image (SVG)",
        description: "An icon drawn from the wallet's name: the repository ships no third-party logos.",
        tags: ["wallet-catalogue"],
        params: { type: "object", required: ["id"], properties: { id: { type: "string", maxLength: 100 } } },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const name = imageNames.get(id);
      if (!name) throw new ApiError(404, "not_found", `There is no wallet image ${JSON.stringify(id)}`, "id");
      return reply
        .header("content-type", "image/svg+xml")
        .header("cache-control", "public, max-age=86400")
        .send(walletInitialSvg(name));
    },
  );
}
