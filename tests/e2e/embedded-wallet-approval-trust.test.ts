import type { Frame, Page } from "playwright-core";
import {
  encodeFunctionData,
  type Hex,
  maxUint256,
  parseAbi,
  parseEther,
  recoverMessageAddress,
  stringToHex,
  verifyTypedData,
} from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { seriousViolations } from "./support/axe.ts";
import { type EmailWalletStack, startEmailWalletStack } from "./support/email-wallet-stack.ts";
import { askFrame, type ButtonEvent, connectedWallet, nowMs, recordApproveButton } from "./support/frame-approvals.ts";
import { captureFrameDialog } from "./support/frame-screenshots.ts";

/**
 * Issue 25: approvals a person can trust. Requests queue and never replace the dialog shown; Approve works only
 * once the dialog has been fully visible for 500 ms (re-armed for each request, and whenever the host page
 * covers, fades or shrinks the frame); known calls show their arguments (an unlimited approval, a deposit's
 * withdrawal address) with full addresses and the nonce; typed data whose domain holds a value its
 * EIP712Domain type leaves out is refused. With WALLET_APPROVAL_SCREENSHOTS=<dir> the dialogs are captured.
 */
const app = setUpAppUnderTest();
const SPENDER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const SPENDER_GROUPED = "0x7099 7970 C518 12dc 3A01 0C7d 01b5 0e0d 17dc 79C8";
const DEVNET_USD = "0x678Aff4791fFCc2D65c77640837a28b3aa2AbED7"; // networks/ethereum.json, devnet tokens
const DEPOSIT_CONTRACT = "0x00000000219ab540356cBB839Cbe05303d7705Fa";
let stack: EmailWalletStack;
let secureOrigin: string;

beforeAll(async () => {
  stack = await startEmailWalletStack(app.url);
  secureOrigin = stack.embeddedWallet.secureOrigin;
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

/** A transaction prepared as the kit prepares one on the Ethereum devnet: 100,000 gas at at most 2 gwei. */
const prepared = (to: string, data: Hex, value: bigint, nonce: number) => ({
  to,
  data,
  value: `0x${value.toString(16)}`,
  nonce: `0x${nonce.toString(16)}`,
  gas: "0x186a0",
  maxFeePerGas: "0x77359400",
  maxPriorityFeePerGas: "0x3b9aca00",
  chainId: "0x7a69",
});

/** The dialog's rows as [label, value] pairs. */
async function dialogRows(frame: Frame): Promise<string[][]> {
  const cells = await frame.getByRole("dialog").locator("dt, dd").allTextContents();
  return cells.flatMap((cell, index) => (index % 2 === 0 ? [[cell, cells[index + 1] ?? ""]] : []));
}

/** The records where Approve changed between disabled and enabled (a new dialog starts with a record). */
const changes = (events: readonly ButtonEvent[]) =>
  events.filter((event, index) => index === 0 || events[index - 1]?.approveDisabled !== event.approveDisabled);

/** Sets a style property of the kit's iframe, as a script on the app page could; resolves with the time. */
const styleFrame = (page: Page, property: string, value: string) =>
  page.evaluate(
    ([origin, name, setting]) => {
      const iframe = [...document.querySelectorAll("iframe")].find((element) => element.src.startsWith(origin));
      iframe?.style.setProperty(name, setting);
      return performance.timeOrigin + performance.now();
    },
    [secureOrigin, property, value] as const,
  );

/** Waits, on the page's clock, until `ms` have passed since `since`. */
const until = (page: Page, since: number, ms: number) =>
  expect.poll(() => nowMs(page), { timeout: ms + 10_000 }).toBeGreaterThanOrEqual(since + ms);

describe("approvals a person can trust (secure frame)", () => {
  it("queues a second request behind the first (never replacing it) and answers each separately", async () => {
    const { page, frame, address } = await connectedWallet(app, stack, "queue@example.com");
    const dialog = frame.getByRole("dialog");
    const first = askFrame(page, secureOrigin, "personal_sign", [stringToHex("first request"), address]);
    await dialog.getByText("first request", { exact: true }).waitFor({ timeout: 30_000 });
    const second = askFrame(page, secureOrigin, "personal_sign", [stringToHex("second request"), address]);
    await dialog.getByText("1 more request waiting").waitFor();
    expect(await dialog.locator("dd").nth(1).textContent()).toBe("first request");
    const third = askFrame(page, secureOrigin, "personal_sign", [stringToHex("third request"), address]);
    await dialog.getByText("2 more requests waiting").waitFor();
    expect(await dialog.locator("dd").nth(1).textContent()).toBe("first request");
    expect(await seriousViolations(frame)).toEqual([]);
    await captureFrameDialog(page, secureOrigin, "wallet-approval-queued");
    const answered: string[] = [];
    for (const [name, reply] of [
      ["first", first],
      ["second", second],
      ["third", third],
    ] as const)
      void reply.then(() => answered.push(name));
    await dialog.getByRole("button", { name: "Approve" }).click();
    const firstReply = await first;
    expect(firstReply.type).toBe("@w3m-frame/RPC_REQUEST_SUCCESS");
    expect(await recoverMessageAddress({ message: "first request", signature: firstReply.payload as Hex })).toBe(
      address,
    );
    // Then the second, on its own, with the third still waiting behind it.
    await dialog.getByText("second request", { exact: true }).waitFor();
    await dialog.getByText("1 more request waiting").waitFor();
    await dialog.getByRole("button", { name: "Decline" }).click();
    expect(await second).toMatchObject({
      type: "@w3m-frame/RPC_REQUEST_ERROR",
      payload: { code: 4001, message: "User rejected the request." },
    });
    await dialog.getByText("third request", { exact: true }).waitFor();
    expect(await frame.locator("#frame-waiting").textContent()).toBe("");
    await dialog.getByRole("button", { name: "Approve" }).click();
    const thirdReply = await third;
    expect(await recoverMessageAddress({ message: "third request", signature: thirdReply.payload as Hex })).toBe(
      address,
    );
    expect(answered).toEqual(["first", "second", "third"]);
    await dialog.waitFor({ state: "detached" });
  }, 180_000);

  it("enables Approve only once the dialog has been visible for 500 ms, and again for the next request", async () => {
    const { page, frame, address } = await connectedWallet(app, stack, "arming@example.com");
    const events = await recordApproveButton(frame);
    const approve = frame.getByRole("dialog").getByRole("button", { name: "Approve" });
    const first = askFrame(page, secureOrigin, "personal_sign", [stringToHex("arm one"), address]);
    await frame.getByRole("dialog").getByText("arm one", { exact: true }).waitFor({ timeout: 30_000 });
    const second = askFrame(page, secureOrigin, "personal_sign", [stringToHex("arm two"), address]);
    await frame.getByText("1 more request waiting").waitFor();
    await expect.poll(() => approve.isEnabled()).toBe(true);
    await approve.click();
    await first;
    // The next request takes the same place: its Approve starts disabled again (a double click cannot pass it).
    await frame.getByRole("dialog").getByText("arm two", { exact: true }).waitFor();
    await expect.poll(() => approve.isEnabled()).toBe(true);
    await approve.click();
    await second;
    const log = changes(await events());
    expect(log.map((event) => event.approveDisabled)).toEqual([true, false, true, false]);
    const [shownOne, enabledOne, shownTwo, enabledTwo] = log.map((event) => event.at) as [
      number,
      number,
      number,
      number,
    ];
    expect(enabledOne - shownOne).toBeGreaterThanOrEqual(500);
    expect(enabledTwo - shownTwo).toBeGreaterThanOrEqual(500);
  }, 180_000);

  it("never enables Approve while the page covers, fades or shrinks the frame; 500 ms after it stops", async () => {
    const { page, frame, address } = await connectedWallet(app, stack, "covered@example.com");
    const events = await recordApproveButton(frame);
    const approve = frame.getByRole("dialog").getByRole("button", { name: "Approve" });
    // A near-invisible layer over everything that lets clicks through, as a script on the app could lay one.
    await page.evaluate(() => {
      const layer = document.createElement("div");
      layer.id = "clickjack-layer";
      layer.style.cssText =
        "position:fixed;inset:0;z-index:2147483647;pointer-events:none;background:rgb(255 255 255/0.01)";
      document.body.append(layer);
    });
    const reply = askFrame(page, secureOrigin, "personal_sign", [stringToHex("covered request"), address]);
    await frame.getByRole("dialog").getByText("covered request", { exact: true }).waitFor({ timeout: 30_000 });
    const shownAt = (await events())[0]?.at ?? Number.NaN;
    // Three times 500 ms under the layer: still disabled.
    await until(page, shownAt, 1500);
    expect(await approve.isDisabled()).toBe(true);
    const uncoveredAt = await page.evaluate(() => {
      document.getElementById("clickjack-layer")?.remove();
      return performance.timeOrigin + performance.now();
    });
    await expect.poll(() => approve.isEnabled()).toBe(true);
    let log = changes(await events());
    expect(log.map((event) => event.approveDisabled)).toEqual([true, false]);
    expect((log[1]?.at ?? 0) - uncoveredAt).toBeGreaterThanOrEqual(500);

    // Faded to 30 % opacity: disabled again, for as long as it lasts; enabled 500 ms after it is opaque again.
    const fadedAt = await styleFrame(page, "opacity", "0.3");
    await expect.poll(() => approve.isDisabled()).toBe(true);
    await until(page, fadedAt, 1500);
    expect(await approve.isDisabled()).toBe(true);
    const opaqueAt = await styleFrame(page, "opacity", "1");
    await expect.poll(() => approve.isEnabled()).toBe(true);
    log = changes(await events());
    expect(log.map((event) => event.approveDisabled)).toEqual([true, false, true, false]);
    expect((log[3]?.at ?? 0) - opaqueAt).toBeGreaterThanOrEqual(500);

    // Shrunk to 200 × 200 px (the dialog would still fit, squeezed): disabled.
    await styleFrame(page, "width", "200px");
    await styleFrame(page, "height", "200px");
    await expect.poll(() => approve.isDisabled()).toBe(true);
    // Chromium drops clicks on a frame that watches its visibility for a moment after the frame moved or was
    // resized (as here): Decline is clicked until the frame has answered.
    let answered = false;
    void reply.then(() => {
      answered = true;
    });
    const decline = frame.getByRole("dialog").getByRole("button", { name: "Decline" });
    await expect
      .poll(async () => {
        if (!answered) await decline.click({ timeout: 2_000 }).catch(() => undefined);
        return answered;
      })
      .toBe(true);
    expect((await reply).payload).toMatchObject({ code: 4001 });
  }, 180_000);

  it("shows an unlimited ERC-20 approval as Unlimited, with the spender's full address, the token and the nonce", async () => {
    const { page, frame } = await connectedWallet(app, stack, "allowance@example.com");
    const data = encodeFunctionData({
      abi: parseAbi(["function approve(address spender, uint256 amount)"]),
      args: [SPENDER, maxUint256],
    });
    const reply = askFrame(page, secureOrigin, "eth_sendTransaction", [prepared(DEVNET_USD, data, 0n, 7)]);
    await frame.getByRole("heading", { name: "Send this transaction?" }).waitFor({ timeout: 30_000 });
    expect(await dialogRows(frame)).toEqual([
      ["Network", "Ethereum Devnet"],
      ["To", "0x678A ff47 91fF Cc2D 65c7 7640 837a 28b3 aa2A bED7 (dUSD token contract)"],
      ["Amount", "0 ETH"],
      ["Function", "approve (0x095ea7b3)"],
      ["Spender (may take your tokens)", SPENDER_GROUPED],
      ["Allowance", "Unlimited"],
      ["Nonce", "7"],
      ["Network fee (at most)", "0.0002 ETH"],
      ["Total (at most)", "0.0002 ETH"],
    ]);
    expect(await seriousViolations(frame)).toEqual([]);
    await captureFrameDialog(page, secureOrigin, "wallet-approval-approve-unlimited");
    await frame.getByRole("button", { name: "Decline" }).click();
    expect((await reply).payload).toMatchObject({ code: 4001 });
  }, 120_000);

  it("shows a deposit's withdrawal credentials as the address they pay, whoever's it is", async () => {
    const { page, frame } = await connectedWallet(app, stack, "depositor@example.com");
    const pubkey = `0x${"a1".repeat(48)}` as const;
    const credentials = `0x01${"00".repeat(11)}${SPENDER.slice(2).toLowerCase()}` as const;
    const data = encodeFunctionData({
      abi: parseAbi(["function deposit(bytes,bytes,bytes,bytes32)"]),
      args: [pubkey, credentials, `0x${"cc".repeat(96)}`, `0x${"dd".repeat(32)}`],
    });
    const reply = askFrame(page, secureOrigin, "eth_sendTransaction", [
      prepared(DEPOSIT_CONTRACT, data, parseEther("32"), 0),
    ]);
    await frame.getByRole("heading", { name: "Send this transaction?" }).waitFor({ timeout: 30_000 });
    expect(await dialogRows(frame)).toEqual([
      ["Network", "Ethereum Devnet"],
      ["To", "0x0000 0000 219a b540 356c BB83 9Cbe 0530 3d77 05Fa (beacon chain deposit contract)"],
      ["Amount", "32 ETH"],
      ["Function", "deposit (0x22895118)"],
      ["Validator key", pubkey],
      ["Withdrawal credentials", `${SPENDER_GROUPED} (0x01, withdrawal address)`],
      ["Nonce", "0"],
      ["Network fee (at most)", "0.0002 ETH"],
      ["Total (at most)", "32.0002 ETH"],
    ]);
    expect(await seriousViolations(frame)).toEqual([]);
    await captureFrameDialog(page, secureOrigin, "wallet-approval-deposit");
    await frame.getByRole("button", { name: "Decline" }).click();
    expect((await reply).payload).toMatchObject({ code: 4001 });
  }, 120_000);

  it("refuses typed data whose domain holds a value its EIP712Domain type leaves out; signs exactly what it shows", async () => {
    const { page, frame, address } = await connectedWallet(app, stack, "typed@example.com");
    const mail = {
      types: {
        EIP712Domain: [
          { name: "name", type: "string" },
          { name: "chainId", type: "uint256" },
          { name: "verifyingContract", type: "address" },
        ],
        Person: [
          { name: "name", type: "string" },
          { name: "wallet", type: "address" },
        ],
        Mail: [
          { name: "from", type: "Person" },
          { name: "to", type: "Person" },
          { name: "contents", type: "string" },
        ],
      },
      domain: { name: "Ether Mail", chainId: 31337, verifyingContract: "0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC" },
      primaryType: "Mail",
      message: {
        from: { name: "Cow", wallet: "0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826" },
        to: { name: "Bob", wallet: "0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB" },
        contents: "Hello, Bob!",
      },
    };
    // "version" shown as the domain's, but not in the type: it would not be signed.
    const unsigned = { ...mail, domain: { ...mail.domain, version: "2" } };
    const refused = askFrame(page, secureOrigin, "eth_signTypedData_v4", [address, JSON.stringify(unsigned)]);
    const outcome = await Promise.race([
      refused,
      frame
        .getByRole("dialog")
        .waitFor({ timeout: 30_000 })
        .then(() => "a dialog was shown"),
    ]);
    expect(outcome).toEqual({
      type: "@w3m-frame/RPC_REQUEST_ERROR",
      payload: {
        code: -32602,
        message: 'The domain\'s "version" is not in the EIP712Domain type, so it would be shown but not signed',
      },
    });
    expect(await frame.locator("#frame-root").innerHTML()).toBe("");

    const signed = askFrame(page, secureOrigin, "eth_signTypedData_v4", [address, JSON.stringify(mail)]);
    await frame.getByRole("heading", { name: "Sign this typed data?" }).waitFor({ timeout: 30_000 });
    expect((await dialogRows(frame)).slice(1)).toEqual([
      ["Requested by", '"Ether Mail"'],
      ["Network", "Ethereum Devnet"],
      ["Verifying contract", "0xCcCC cccc CCCC cCCC CCCc CcCc cCcC CCcC cccc cccC"],
      ["Data type", "Mail"],
      [
        "Message",
        [
          "from (Person):",
          '  name (string): "Cow"',
          "  wallet (address): 0xCD2a 3d9F 938E 13CD 947E c05A bC7F E734 Df8D D826",
          "to (Person):",
          '  name (string): "Bob"',
          "  wallet (address): 0xbBbB BBBb bBBB bbbB bbBb bbbB BbBb bbbB bBbb BBbB",
          'contents (string): "Hello, Bob!"',
        ].join("\n"),
      ],
    ]);
    expect(await seriousViolations(frame)).toEqual([]);
    await captureFrameDialog(page, secureOrigin, "wallet-approval-typed-data");
    await frame.getByRole("button", { name: "Approve" }).click();
    const signature = (await signed).payload as Hex;
    expect(
      await verifyTypedData({
        address,
        ...mail,
        domain: { ...mail.domain, verifyingContract: mail.domain.verifyingContract as Hex },
        signature,
      } as Parameters<typeof verifyTypedData>[0]),
    ).toBe(true);
  }, 120_000);
});
