import type { FastifyInstance } from "fastify";
import { querySchema } from "./client-query.ts";
import type { BlockchainApiDependencies } from "./dependencies.ts";

const flag = (description: string) => ({ type: "boolean", description }) as const;

/** GET appkit/v1/config: the kit's remote feature flags, from networks/app.json (walletKit.remoteFeatures). */
export async function remoteConfigRoute(app: FastifyInstance, { remoteFeatures }: BlockchainApiDependencies) {
  app.get(
    "/appkit/v1/config",
    {
      schema: {
        summary: "The kit's remote feature flags",
        description: "The kit merges these over its local flags (modal-kit spec section 3).",
        tags: ["blockchain-api"],
        querystring: querySchema({}),
        response: {
          200: {
            type: "object",
            required: ["features"],
            properties: {
              features: {
                type: "object",
                required: ["swaps", "onramp", "email", "socials", "activity", "reownBranding"],
                properties: {
                  swaps: flag("Token swaps in the Account view."),
                  onramp: flag("Buying crypto with a card."),
                  email: flag("Email login."),
                  socials: {
                    description: "Social logins offered, in order, or false.",
                    anyOf: [
                      { type: "array", items: { type: "string" } },
                      { type: "boolean", const: false },
                    ],
                  },
                  activity: flag("The account's activity list."),
                  reownBranding: flag("The kit vendor's branding in the footer."),
                },
              },
            },
          },
        },
      },
    },
    async () => ({ features: remoteFeatures }),
  );
}
