import { useContext } from "react";
import { ToastContext } from "./toast-context.ts";
import type { ToastApi } from "./toast-types.ts";

/** The toast API of the nearest ToastProvider. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside <ToastProvider>");
  return api;
}
