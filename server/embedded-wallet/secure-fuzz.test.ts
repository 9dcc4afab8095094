import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddedWalletPaths as paths } from "../../src/core/api/embedded-wallet.ts";
import { signIn } from "../../tests/support/embedded-wallet-login.ts";
import { type EmbeddedWalletStack, startEmbeddedWalletStack } from "../../tests/support/embedded-wallet-stack.ts";
import { random, WEIRD_STRINGS, weirdBody } from "../../tests/support/fuzz-inputs.ts";

let stack: EmbeddedWalletStack;
let session: string;

beforeAll(async () => {
  stack = await startEmbeddedWalletStack({ deviceWaitMs: 20, devicePollMs: 5 });
  session = await signIn(stack, "fuzz@example.org", "device-fuzz-0123456789");
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

const ROUTES = [
  ["GET", paths.allowedOrigins],
  ["POST", paths.emailStart],
  ["POST", paths.emailDevice],
  ["POST", paths.emailOtp],
  ["GET", paths.deviceApprove],
  ["POST", paths.deviceApprove],
  ["GET", paths.session],
  ["POST", paths.signOut],
  ["PUT", paths.wallet],
  ["GET", paths.walletShare],
  ["POST", paths.emailUpdate],
  ["POST", paths.emailUpdatePrimary],
  ["POST", paths.emailUpdateSecondary],
  ["GET", "/assets/none.js"],
] as const;

describe("fuzzing the secure origin's routes with malformed input", () => {
  it("never answers 500, with or without a live session", async () => {
    const rng = random(20_261_125);
    const failures: string[] = [];
    let cases = 0;
    for (const [method, path] of ROUTES) {
      for (let round = 0; round < 40; round++) {
        const query = rng.next() < 0.5 ? `?token=${encodeURIComponent(rng.pick(WEIRD_STRINGS))}` : "";
        const body = method === "GET" ? undefined : weirdBody(rng);
        const authorization = rng.pick([`Bearer ${session}`, `Bearer ${rng.pick(WEIRD_STRINGS)}`, undefined]);
        const response = await stack.secure.inject({
          method,
          url: `${path}${query}`,
          remoteAddress: `10.9.${cases >> 8}.${cases & 255}`,
          headers: {
            ...(authorization ? { authorization: authorization.slice(0, 2000) } : {}),
            ...(body ? { "content-type": body.contentType } : {}),
          },
          ...(body ? { payload: body.payload } : {}),
        });
        cases++;
        if (response.statusCode >= 500 && response.statusCode !== 503)
          failures.push(
            `${method} ${path}${query.slice(0, 60)} -> ${response.statusCode}: ${response.body.slice(0, 200)}`,
          );
        else if (response.statusCode !== 204 && !/json|html/.test(String(response.headers["content-type"])))
          failures.push(`${method} ${path} -> content-type ${response.headers["content-type"]}`);
      }
    }
    expect(cases).toBe(ROUTES.length * 40);
    expect(failures).toEqual([]);
  });
});
