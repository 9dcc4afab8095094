import { generateKeyPairSync } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export interface LocalOidcProvider {
  /** http://127.0.0.1:<port>, the provider's issuer. */
  readonly issuer: string;
  readonly clientId: string;
  stop(): Promise<void>;
}

export interface TestAccount {
  readonly sub: string;
  readonly email: string;
  readonly name: string;
}

/**
 * A real OpenID Connect provider (the oidc-provider package) on a free loopback port, standing in for Google:
 * one public client (PKCE) redirecting to `redirectUri`, and one account that is logged in and consents
 * without a form, so a test (or a browser) goes straight from the authorization URL back to the redirect URI.
 * `npm start` runs one as "Google (devnet)" (devnet-social-login.ts); the social login tests run their own.
 */
export async function startLocalOidcProvider(input: {
  readonly redirectUri: string;
  readonly account: TestAccount;
  readonly clientId?: string;
  /** Its loopback port; default 0, a free one. */
  readonly port?: number;
}): Promise<LocalOidcProvider> {
  const clientId = input.clientId ?? "stake-app-test";
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(input.port ?? 0, "127.0.0.1", resolve);
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        token_endpoint_auth_method: "none",
        redirect_uris: [input.redirectUri],
        response_types: ["code"],
        grant_types: ["authorization_code"],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    findAccount: async (_context, id) => ({
      accountId: id,
      claims: async () => ({ sub: id, email: input.account.email, email_verified: true, name: input.account.name }),
    }),
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_context, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ["local-oidc-provider-test-cookie-key"] },
    // Its own signing key, and explicit lifetimes (the package warns about its quick-start defaults).
    jwks: {
      keys: [
        { ...generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" }), use: "sig" },
      ],
    },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
  });
  const callback = provider.callback();
  server.on("request", (request, response) => {
    if (!request.url?.startsWith("/interaction/")) {
      callback(request, response);
      return;
    }
    void (async () => {
      const details = await provider.interactionDetails(request, response);
      if (details.prompt.name === "login") {
        await provider.interactionFinished(request, response, { login: { accountId: input.account.sub } });
        return;
      }
      const grant = new provider.Grant({
        accountId: details.session?.accountId ?? input.account.sub,
        clientId: String(details.params.client_id),
      });
      grant.addOIDCScope(String(details.params.scope));
      await provider.interactionFinished(
        request,
        response,
        { consent: { grantId: await grant.save() } },
        { mergeWithLastSubmission: true },
      );
    })().catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });
  return {
    issuer,
    clientId,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
