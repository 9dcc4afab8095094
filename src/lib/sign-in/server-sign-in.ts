import { ApiResponseError } from "../../core/app-error.ts";
import { getJson, postJson, sendRequest } from "../api-client.ts";

/** A signed-in session for one address on one network (the wallet kit's SignInSession). */
export interface ServerSignInSession {
  readonly address: string;
  readonly chainId: number;
}

/** The wallet kit's sign-in options (SignInOptions), backed by the staking server. */
export interface ServerSignIn {
  readonly required: boolean;
  readonly statement?: string;
  getNonce(): Promise<string>;
  verify(signed: { readonly message: string; readonly signature: `0x${string}` }): Promise<ServerSignInSession>;
  getSession(): Promise<ServerSignInSession | undefined>;
  signOut(): Promise<void>;
}

/** Where the browser keeps the session's bearer token. */
export const SIGN_IN_TOKEN_KEY = "siweSessionToken";

/** The bearer token of this browser's sign-in session, if it holds one (sent with requests that need it). */
export function signInToken(storage?: Storage): string | undefined {
  try {
    return (storage ?? globalThis.localStorage)?.getItem(SIGN_IN_TOKEN_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

const asSession = (value: unknown): ServerSignInSession & { token?: string } => {
  const record = (value ?? {}) as Record<string, unknown>;
  if (typeof record.address !== "string" || typeof record.chainId !== "number") {
    throw new Error("the server answered without a session");
  }
  return {
    address: record.address,
    chainId: record.chainId,
    ...(typeof record.token === "string" ? { token: record.token } : {}),
  };
};

/**
 * Sign-in with Ethereum through the staking server: a nonce from GET /siwe/nonce, verification by
 * POST /siwe/verify (whose bearer token is kept in local storage), GET /siwe/session to restore the
 * session after a reload, and POST /siwe/signout to end it (the kit signs out when the wallet disconnects).
 */
export function createServerSignIn(
  apiBaseUrl: string,
  options: { readonly required: boolean; readonly statement?: string; readonly storage?: Storage },
): ServerSignIn {
  const base = apiBaseUrl.replace(/\/+$/, "");
  const storage = options.storage ?? globalThis.localStorage;
  return {
    required: options.required,
    ...(options.statement ? { statement: options.statement } : {}),
    async getNonce() {
      const { nonce } = (await getJson(`${base}/siwe/nonce`)) as { nonce: string };
      return nonce;
    },
    async verify(signed) {
      const { token, ...session } = asSession(await postJson(`${base}/siwe/verify`, signed));
      if (token) storage?.setItem(SIGN_IN_TOKEN_KEY, token);
      return session;
    },
    async getSession() {
      const token = signInToken(storage);
      if (!token) return undefined;
      let answer: unknown;
      try {
        answer = await getJson(`${base}/siwe/session`, {}, undefined, { authorization: `Bearer ${token}` });
      } catch (error) {
        if (error instanceof ApiResponseError) return undefined;
        throw error;
      }
      const { address, chainId } = asSession(answer);
      return { address, chainId };
    },
    /** Forgets the token here first, so this browser is signed out even when the server cannot be told. */
    async signOut() {
      const token = storage?.getItem(SIGN_IN_TOKEN_KEY);
      if (!token) return;
      storage?.removeItem(SIGN_IN_TOKEN_KEY);
      await sendRequest("POST", `${base}/siwe/signout`, { authorization: `Bearer ${token}` });
    },
  };
}
