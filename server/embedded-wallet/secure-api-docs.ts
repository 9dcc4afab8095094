import type { FastifyInstance } from "fastify";
import * as z from "zod/mini";
import { zodRoutes } from "../http/zod-routes.ts";

/** Where the secure origin serves its own OpenAPI document. */
export const SECURE_OPENAPI_PATH = "/embedded-wallet/openapi.json";

const SESSION_SCHEME = "walletSession";

const WHEN = {
  400: "The request is invalid or refused: `field` names the part at fault and `message` says what is expected",
  401: "No live wallet session: the Authorization header is missing, unknown or expired (code no_session)",
  403: "The wallet's signature over a new server share is missing or wrong, or its nonce is unknown, used or expired (wallet_signature_required, wallet_signature_invalid, share_nonce_unknown)",
  404: "Nothing to return for this session (code no_wallet: the account has no wallet yet)",
  409: "Conflicts with what is stored (email_taken)",
  429: "Too many requests, e-mails or wrong codes (rate_limited; email_throttled: one login e-mail per address per 30 s for each requester; login_requester_throttled: 10 login e-mails an hour per requester; login_address_throttled: 30 an hour per address for browsers it has not approved; otp_locked); see Retry-After and retryAfterSeconds",
  502: "The social login provider did not answer (social_provider_unavailable)",
  503: "Unavailable: the mail server or the database for a moment (mail_unavailable, database_unavailable; see Retry-After), or the stored share is under a share key this server lacks (share_key_unknown)",
} as const;

type ErrorStatus = keyof typeof WHEN;

/** How a share after the first is authorized (PUT /embedded-wallet/wallet's description). */
export const SHARE_PROOF_DOC = [
  "The first share of an account is stored on its session. Any later one (a re-split after a restore, or a move to a new wallet's address) needs `proof`: a nonce from POST /embedded-wallet/wallet/nonce and the EIP-191 personal_sign signature, by the key of the wallet the account holds now, of this text (lines joined by \\n):",
  "",
  "    Store a new server share for this embedded wallet.",
  "    ",
  "    Origin: <SECURE_ORIGIN>",
  "    Wallet: <the account's wallet, checksummed>",
  "    New share for: <address, checksummed>",
  "    Share commitment: <keccak-256 of serverShare's UTF-8 text, 0x-hex>",
  "    Nonce: <nonce>",
  "",
  "A nonce works once and for 10 minutes; without proof, with another key's signature or with a used nonce the answer is 403 and the stored share stays.",
].join("\n");

/** The API's error body, { code, message, field? }, documented under each status a route can answer. */
function errorBody(status: ErrorStatus) {
  const schema = z.object({
    code: z.string(),
    message: z.string(),
    field: z.optional(z.string()),
    retryAfterSeconds: z.optional(z.number()),
  });
  z.globalRegistry.add(schema, { description: WHEN[status] });
  return schema;
}

/** Response schemas of the error statuses a secure route answers (also used to serialize those errors). */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): Record<S, ReturnType<typeof errorBody>> {
  return Object.fromEntries(statuses.map((status) => [status, errorBody(status)])) as Record<
    S,
    ReturnType<typeof errorBody>
  >;
}

/** 204: done, no body. */
export function noContent(description: string) {
  const schema = z.null();
  z.globalRegistry.add(schema, { description });
  return schema;
}

/** A route that needs the bearer session of an e-mail or social login. */
export const sessionSecurity = [{ [SESSION_SCHEME]: [] }];

/** The document's servers and its session scheme. */
export function secureOpenApiDocument(secureOrigin: string) {
  return {
    title: "Embedded wallet secure origin API",
    description:
      "The API the secure frame calls on SECURE_ORIGIN: e-mail and social login, the session, the server's key share and the login e-mail's change. Login start answers alike whether or not an address has an account. A social login is bound to the frame that starts it (device id and the hash of a key only the frame holds) and only that frame redeems it. A changed login e-mail or a restored wallet ends the user's other sessions. Errors are JSON { code, message, field? }.",
    servers: [{ url: secureOrigin, description: "SECURE_ORIGIN" }],
    components: {
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: "http" as const,
          scheme: "bearer",
          description: "The token POST /embedded-wallet/email/otp or /embedded-wallet/social/connect answered.",
        },
      },
    },
  };
}

/** GET /embedded-wallet/openapi.json: the document written from the secure origin's routes. */
export async function secureOpenApiRoute(app: FastifyInstance) {
  zodRoutes(app).get(
    SECURE_OPENAPI_PATH,
    { schema: { summary: "This OpenAPI document", tags: ["embedded wallet"] } },
    async () => app.swagger(),
  );
}
