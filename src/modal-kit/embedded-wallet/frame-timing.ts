/** The embedded wallet's time limits (modal-kit.md section 9). */
export const FRAME_TIMING = {
  /** The frame must say it is ready within this. */
  loadTimeoutMs: 20_000,
  /** Waited after the frame's ready message before the first request. */
  readyDelayMs: 500,
  /** Connect (e-mail, device, code, social) requests. */
  connectTimeoutMs: 120_000,
  /** Sign-out resolves after this even without an answer. */
  signOutWaitMs: 3_000,
} as const;

export type FrameTiming = { readonly [K in keyof typeof FRAME_TIMING]: number };
