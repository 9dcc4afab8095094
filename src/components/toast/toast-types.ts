/** How serious a toast is; "info" when not given. */
export type ToastSeverity = "info" | "success" | "warn" | "error";

/** What a caller passes to show a toast. Texts are already translated. */
export interface ToastOptions {
  readonly severity?: ToastSeverity;
  /** Short heading, such as "Message not sent". */
  readonly summary: string;
  /** Optional longer explanation. */
  readonly detail?: string;
  /** Milliseconds until the toast closes by itself; absent means it stays until closed. */
  readonly life?: number;
  /** False hides the close button and the Escape key; a toast without `life` then stays. Default true. */
  readonly closable?: boolean;
}

export interface Toast extends ToastOptions {
  readonly id: number;
  readonly severity: ToastSeverity;
  readonly closable: boolean;
}

export interface ToastApi {
  /** Shows a toast and returns its id. */
  readonly show: (options: ToastOptions) => number;
  readonly close: (id: number) => void;
  readonly clear: () => void;
}

/** role="alert" interrupts a screen reader; only warnings and errors deserve that. */
export function roleOf(severity: ToastSeverity): "alert" | "status" {
  return severity === "warn" || severity === "error" ? "alert" : "status";
}
