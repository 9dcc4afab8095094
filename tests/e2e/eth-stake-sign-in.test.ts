import { privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { enterDetails, openStakePage } from "./support/eth-stake-page.ts";
import { type LocalStack, startLocalStack } from "./support/local-stack.ts";

const app = setUpAppUnderTest();
let stack: LocalStack;

beforeAll(async () => {
  stack = await startLocalStack({ serverEnv: { DEPOSIT_REQUIRES_SIGN_IN: "true" } });
});
afterAll(async () => {
  await stack?.stop();
});

// anvil's second dev account (a public test key), one of the Devnet Wallet's accounts.
const owner = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");

/** Signs in to the staking server as the owner and returns the session token, as the wallet kit keeps it. */
async function signIn(): Promise<string> {
  const { nonce } = (await (await fetch(`${stack.apiUrl}/siwe/nonce`)).json()) as { nonce: string };
  const message = createSiweMessage({
    address: owner.address,
    chainId: 31337,
    domain: "127.0.0.1:5173",
    uri: "http://127.0.0.1:5173",
    nonce,
    version: "1",
  });
  const response = await fetch(`${stack.apiUrl}/siwe/verify`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ message, signature: await owner.signMessage({ message }) }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

describe("staking against a server with DEPOSIT_REQUIRES_SIGN_IN=true", () => {
  it("is refused without a sign-in session, and prepared when the browser holds the owner's session", async () => {
    const signedOut = await openStakePage(app, stack, owner.address);
    const refused = signedOut.page.waitForResponse((response) => response.url().endsWith("/deposit-data"));
    await enterDetails(signedOut.page, "0x01", "32");
    expect((await refused).status()).toBe(401);
    await signedOut.page.getByText("The deposit data could not be prepared").waitFor();
    expect(signedOut.sentTransactions).toEqual([]);

    const signedIn = await openStakePage(app, stack, owner.address);
    const token = await signIn();
    await signedIn.page.evaluate((value) => localStorage.setItem("siweSessionToken", value), token);
    const answered = signedIn.page.waitForResponse((response) => response.url().endsWith("/deposit-data"));
    await enterDetails(signedIn.page, "0x01", "32");
    const response = await answered;
    expect(response.status()).toBe(201);
    expect(response.request().headers().authorization).toBe(`Bearer ${token}`);
    await signedIn.page.getByRole("heading", { name: "Review before you sign" }).waitFor({ timeout: 30_000 });
    expect(await signedIn.page.getByText(/Deposit data verified in your browser: 1 deposit/).isVisible()).toBe(true);
  });
});
