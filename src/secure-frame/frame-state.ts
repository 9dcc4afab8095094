/** What the frame remembers between messages: the chain the host is on and the login in progress. */
export interface FrameState {
  chainId: number;
  /** The e-mail address of the login in progress (between CONNECT_EMAIL and CONNECT_OTP). */
  email: string | undefined;
  address: `0x${string}` | undefined;
  userEmail: string | null;
}

const DEVICE_KEY = "embedded-wallet.device";

/** This browser's device id (a random UUID kept in the secure origin's localStorage). */
export function deviceId(): string {
  let id = localStorage.getItem(DEVICE_KEY);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(DEVICE_KEY, id);
  }
  return id;
}
