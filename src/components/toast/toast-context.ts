import { createContext } from "react";
import type { ToastApi } from "./toast-types.ts";

/** Filled by ToastProvider; null outside it. */
export const ToastContext = createContext<ToastApi | null>(null);
