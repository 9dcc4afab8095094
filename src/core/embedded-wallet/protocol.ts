/**
 * The messages between the kit (host page) and the secure frame (modal-kit.md section 7, "Embedded wallet").
 * App → frame: `@w3m-app/<EVENT>` with `{ type, id, payload }`; frame → app: `@w3m-frame/<EVENT>_SUCCESS` or
 * `_ERROR` with the same id, plus `@w3m-frame/READY` once the frame listens. Names follow the vendor's
 * W3mFrameConstants. Shared by both sides, so it holds no code of either.
 */
export const FRAME_EVENTS = [
  "SWITCH_NETWORK",
  "CONNECT_EMAIL",
  "CONNECT_DEVICE",
  "CONNECT_OTP",
  "CONNECT_SOCIAL",
  "CONNECT_FARCASTER",
  "GET_USER",
  "GET_SOCIAL_REDIRECT_URI",
  "SIGN_OUT",
  "IS_CONNECTED",
  "GET_CHAIN_ID",
  "GET_SMART_ACCOUNT_ENABLED_NETWORKS",
  "INIT_SMART_ACCOUNT",
  "SET_PREFERRED_ACCOUNT",
  "RPC_REQUEST",
  "UPDATE_EMAIL",
  "UPDATE_EMAIL_PRIMARY_OTP",
  "UPDATE_EMAIL_SECONDARY_OTP",
  "SYNC_THEME",
  "SYNC_DAPP_DATA",
  "RELOAD",
  // Not the vendor's: "Move my funds to a new wallet" (the kit reads the chain, the frame makes the key and signs).
  "MOVE_FUNDS",
] as const;

export type FrameEvent = (typeof FRAME_EVENTS)[number];

export const APP_PREFIX = "@w3m-app/";
export const FRAME_PREFIX = "@w3m-frame/";
/** The frame's first message: it listens and has read its allowed origins. */
export const FRAME_READY = `${FRAME_PREFIX}READY`;
/** The frame asks the kit to show it (an approval or the recovery share) or to hide it again. */
export const FRAME_SHOW = `${FRAME_PREFIX}SHOW`;
export const FRAME_HIDE = `${FRAME_PREFIX}HIDE`;

/** A request from the kit. */
export interface AppMessage {
  readonly type: `${typeof APP_PREFIX}${FrameEvent}`;
  readonly id: string;
  readonly payload?: unknown;
}

/** A reply (or notice) from the frame. */
export interface FrameMessage {
  readonly type: string;
  readonly id?: string;
  readonly payload?: unknown;
}

/** What an `_ERROR` reply carries. `code` is the EIP-1193 code when there is one (4001 rejected). */
export interface FrameErrorPayload {
  readonly message: string;
  readonly code?: number;
}

/** The embedded wallet's user as GET_USER and the login answers give it (modal-kit.md section 3). */
export interface FrameUser {
  readonly email: string | null;
  readonly address: `0x${string}`;
  readonly chainId: number;
  readonly accounts: readonly { readonly address: `0x${string}`; readonly type: "eoa" }[];
  readonly preferredAccountType: "eoa";
  /** The social provider's name for the user (CONNECT_SOCIAL's answer). */
  readonly userName?: string;
  /** The user chose "Move my funds to a new wallet" at a re-split: the kit then sends MOVE_FUNDS. */
  readonly moveFunds?: true;
}

/** Login steps the frame answers to CONNECT_EMAIL / CONNECT_DEVICE / UPDATE_EMAIL* (spec section 3, action). */
export type FrameAction = "VERIFY_DEVICE" | "VERIFY_OTP" | "CONNECT" | "VERIFY_PRIMARY_OTP" | "VERIFY_SECONDARY_OTP";

export const isFrameEvent = (value: string): value is FrameEvent => (FRAME_EVENTS as readonly string[]).includes(value);

export const successType = (event: FrameEvent) => `${FRAME_PREFIX}${event}_SUCCESS`;
export const errorType = (event: FrameEvent) => `${FRAME_PREFIX}${event}_ERROR`;
