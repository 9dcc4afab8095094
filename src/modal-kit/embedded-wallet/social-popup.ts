import { KitError } from "../errors/kit-error.ts";

/** Spec section 4: the social popup's size, and how often the kit checks whether the user closed it. */
export const SOCIAL_POPUP = { width: 600, height: 800, closedPollMs: 1_000 } as const;

/** The user closed the social login's popup before it finished. */
export class PopupClosedError extends KitError {
  override name = "PopupClosedError";
  constructor() {
    super("Popup closed", "modalKit.errors.popupClosed");
  }
}

/** The popup could not be opened (blocked) or the provider's address could not be had. */
export class SocialInitError extends KitError {
  override name = "SocialInitError";
  constructor(cause?: unknown) {
    super("Failed to initiate social connection", "modalKit.errors.socialInit", { cause });
  }
}

/**
 * Opens the 600×800 popup at once (still inside the user's click, so no popup blocker stops it), then sends it
 * to the provider's address `uri()` resolves to, and waits for the secure origin's page in it to post
 * `{ socialLogin: "done" }` back. Only a message from `secureOrigin` and from that popup counts. The page says
 * nothing more: the result waits on the secure origin for the frame that started the login (CONNECT_SOCIAL),
 * so this page never holds anything that opens a session. A popup the user closes (checked every second)
 * rejects with 'Popup closed'.
 */
export async function runSocialPopup(secureOrigin: string, uri: () => Promise<string>): Promise<void> {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - SOCIAL_POPUP.width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - SOCIAL_POPUP.height) / 2));
  const popup = window.open(
    "",
    "social-login",
    `popup,width=${SOCIAL_POPUP.width},height=${SOCIAL_POPUP.height},left=${left},top=${top}`,
  );
  if (!popup) throw new SocialInitError();
  let cleanUp = () => {};
  const result = new Promise<void>((resolve, reject) => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== secureOrigin || event.source !== popup) return;
      if ((event.data as { socialLogin?: unknown } | null)?.socialLogin === "done") resolve();
    };
    const poll = setInterval(() => {
      if (popup.closed) reject(new PopupClosedError());
    }, SOCIAL_POPUP.closedPollMs);
    window.addEventListener("message", onMessage);
    cleanUp = () => {
      clearInterval(poll);
      window.removeEventListener("message", onMessage);
    };
  });
  // Settled while the address is still being fetched, it is awaited below.
  result.catch(() => undefined);
  try {
    const address = await uri().catch((cause: unknown) => {
      throw new SocialInitError(cause);
    });
    if (!popup.closed) popup.location.href = address;
    await result;
  } finally {
    cleanUp();
    if (!popup.closed) popup.close();
  }
}
