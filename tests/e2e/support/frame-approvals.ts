import type { Frame, Page } from "playwright-core";
import { createTestClient, http, parseEther } from "viem";
import type { AppUnderTest } from "./app-under-test.ts";
import type { EmailWalletStack } from "./email-wallet-stack.ts";
import { loginWithEmailWallet } from "./embedded-wallet-login.ts";

/** A new e-mail wallet, connected in a fresh page of the app, with 10 ETH on the Ethereum devnet. */
export async function connectedWallet(app: AppUnderTest, stack: EmailWalletStack, email: string) {
  const context = await app.newContext({ bypassCSP: true });
  await stack.forward(context);
  const page = await context.newPage();
  await page.goto("/");
  await page.locator("main h1").first().waitFor();
  const { frame, button, address } = await loginWithEmailWallet(page, stack.embeddedWallet, email);
  await createTestClient({ mode: "anvil", transport: http(stack.devnet.ethereum.anvil.rpcUrl) }).setBalance({
    address,
    value: parseEther("10"),
  });
  return { page, frame, address, button };
}

/** The frame's reply to one request: its type (…_SUCCESS / …_ERROR) and payload. */
export interface FrameReply {
  readonly type: string;
  readonly payload: unknown;
}

/**
 * Sends RPC_REQUEST to the frame as the kit does (from the host page, to the secure origin) and resolves with
 * the frame's reply once the user has chosen in the frame's dialog (or the frame refused the request).
 */
export function askFrame(
  page: Page,
  secureOrigin: string,
  method: string,
  params: readonly unknown[],
): Promise<FrameReply> {
  return page.evaluate(
    ([origin, rpc]) =>
      new Promise<{ type: string; payload: unknown }>((resolve) => {
        const iframe = [...document.querySelectorAll("iframe")].find((element) => element.src.startsWith(origin));
        const id = `approval-test-${crypto.randomUUID()}`;
        const onMessage = (event: MessageEvent) => {
          if (event.origin !== origin || event.data?.id !== id) return;
          window.removeEventListener("message", onMessage);
          resolve({ type: event.data.type, payload: event.data.payload });
        };
        window.addEventListener("message", onMessage);
        iframe?.contentWindow?.postMessage({ type: "@w3m-app/RPC_REQUEST", id, payload: rpc }, origin);
      }),
    [secureOrigin, { method, params }] as const,
  );
}

/** One change the recorder saw in the frame, at an absolute time (ms since the epoch, sub-millisecond). */
export interface ButtonEvent {
  readonly at: number;
  readonly title: string;
  readonly approveDisabled: boolean;
}

/**
 * Records, inside the frame, every dialog shown and every change of its Approve button's `disabled`, with
 * times comparable to the host page's `nowMs` (performance.timeOrigin + performance.now()).
 */
export async function recordApproveButton(frame: Frame): Promise<() => Promise<ButtonEvent[]>> {
  await frame.evaluate(() => {
    const events: { at: number; title: string; approveDisabled: boolean }[] = [];
    Object.assign(window, { approveEvents: events });
    const now = () => performance.timeOrigin + performance.now();
    const note = () => {
      const button = document.querySelector<HTMLButtonElement>("#frame-root button.primary");
      const title = document.getElementById("frame-title")?.textContent ?? "";
      if (button) events.push({ at: now(), title, approveDisabled: button.disabled });
    };
    const root = document.getElementById("frame-root");
    if (root)
      new MutationObserver(note).observe(root, { subtree: true, childList: true, attributeFilter: ["disabled"] });
  });
  return () => frame.evaluate(() => (window as unknown as { approveEvents: ButtonEvent[] }).approveEvents.slice());
}

/** The host page's clock, comparable with ButtonEvent.at. */
export const nowMs = (page: Page) => page.evaluate(() => performance.timeOrigin + performance.now());
