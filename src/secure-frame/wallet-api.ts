import { createJsonClient } from "../core/http/json-client.ts";
import { FrameRequestError } from "./frame-request-error.ts";
import { text } from "./ui/texts.ts";

/**
 * The embedded-wallet API of the secure origin (the frame's own server, same origin). The session token lives
 * in this module and in the secure origin's sessionStorage only; it is never posted to the host page.
 */
const TOKEN_KEY = "embedded-wallet.session";

export interface WalletUser {
  readonly email: string;
  readonly address: `0x${string}` | null;
}

export type LoginAction = { action: "VERIFY_OTP" | "VERIFY_DEVICE" | "VERIFY_PRIMARY_OTP" | "VERIFY_SECONDARY_OTP" };

/** A refusal of the wallet API: its HTTP status and the body's `code` ("no_wallet", "share_key_unknown", ...). */
export class WalletApiError extends FrameRequestError {
  constructor(
    readonly status: number,
    readonly apiCode: string | undefined,
    message: string,
    options: { retryAfterSeconds?: number },
  ) {
    super(message, options);
  }
}

let token: string | null = sessionStorage.getItem(TOKEN_KEY);

const setToken = (value: string | null) => {
  token = value;
  if (value) sessionStorage.setItem(TOKEN_KEY, value);
  else sessionStorage.removeItem(TOKEN_KEY);
};

export const hasSession = () => token !== null;

const client = createJsonClient<AbortSignal, Response>({
  fetch: (url, init) => fetch(url, init),
  headers: (): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {}),
  statusError: ({ status, body }) => {
    if (status === 401) setToken(null);
    const retry = body.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: body.retryAfterSeconds };
    return new WalletApiError(status, body.code, body.message ?? `HTTP status code: ${status}`, retry);
  },
});

async function call<T>(method: "GET" | "POST" | "PUT", path: string, body?: unknown): Promise<T> {
  // An empty answer (204) or one that is not JSON reads as an empty object; no caller reads a 204's.
  return ((await client.json({ method, url: `/embedded-wallet/${path}`, body })) ?? {}) as T;
}

export const startEmailLogin = (email: string, deviceId: string) =>
  call<LoginAction>("POST", "email/start", { email, deviceId });

export const waitForDeviceApproval = (email: string, deviceId: string) =>
  call<LoginAction>("POST", "email/device", { email, deviceId });

export async function verifyOtp(email: string, deviceId: string, otp: string): Promise<WalletUser> {
  const answer = await call<{ token: string; user: WalletUser }>("POST", "email/otp", { email, deviceId, otp });
  setToken(answer.token);
  return answer.user;
}

/**
 * The key of the social login in progress: 32 random bytes this frame generates and keeps in memory only (never
 * posted to the host page, never stored). The server gets its SHA-256 at the start; only this key redeems the
 * login's result, so nobody else (the host page included) can turn the provider's answer into a session.
 */
let socialKey: string | undefined;

const hex = (bytes: ArrayBuffer | Uint8Array) =>
  Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, "0")).join("");

/** The provider's authorization URL for the kit's popup (the server keeps the flow's PKCE verifier and nonce). */
export async function startSocialLogin(provider: string, deviceId: string): Promise<string> {
  const key = hex(crypto.getRandomValues(new Uint8Array(32)));
  const frameKeyHash = hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key)));
  socialKey = key;
  const answer = await call<{ uri: string }>("POST", "social/start", { provider, deviceId, frameKeyHash });
  return answer.uri;
}

/** Finishes the social login this frame started, once the popup is done: the user and their provider name. */
export async function connectSocial(deviceId: string): Promise<{ user: WalletUser; userName?: string }> {
  const frameKey = socialKey;
  socialKey = undefined;
  if (!frameKey) throw new FrameRequestError(text("noSocialLogin"));
  const answer = await call<{ token: string; user: WalletUser; userName?: string }>("POST", "social/connect", {
    deviceId,
    frameKey,
  });
  setToken(answer.token);
  return { user: answer.user, ...(answer.userName ? { userName: answer.userName } : {}) };
}

export const getSession = () => call<{ user: WalletUser }>("GET", "session").then((answer) => answer.user);

/** Ends the session on the server, then here; when the server cannot, the session stays and this throws. */
export async function signOut(): Promise<void> {
  try {
    if (token) await call("POST", "sign-out");
  } catch (error) {
    // A 401 (the call dropped the token) means the server had already ended it.
    if (token !== null) throw error;
  }
  setToken(null);
}

/** The wallet key's consent to a new server share (src/core/embedded-wallet/share-proof.ts). */
export interface ShareProof {
  readonly nonce: string;
  readonly signature: `0x${string}`;
}

/** Stores the server's share: the account's first share as is, any later one with the wallet key's proof. */
export const putServerShare = (address: string, serverShare: string, proof?: ShareProof) =>
  call<unknown>("PUT", "wallet", { address, serverShare, ...(proof ? { proof } : {}) });

/** A one-time nonce (10 minutes) for the next share replacement. */
export const getShareNonce = () => call<{ nonce: string }>("POST", "wallet/nonce").then((answer) => answer.nonce);

export const getServerShare = () => call<{ address: `0x${string}`; serverShare: string }>("GET", "wallet/share");

export const updateEmail = (newEmail: string) => call<LoginAction>("POST", "email/update", { newEmail });
export const updateEmailPrimary = (otp: string) => call<LoginAction>("POST", "email/update/primary", { otp });
export const updateEmailSecondary = (otp: string) =>
  call<{ user: WalletUser }>("POST", "email/update/secondary", { otp }).then((answer) => answer.user);
