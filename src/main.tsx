// First: before any module can use zod.
import "./app/zod-without-eval.ts";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import { i18nReady } from "./app/i18n.ts";
import { queryClient } from "./app/query-client.ts";
import { createAppRouter } from "./app/router.ts";
import "./app/styles.css";
import type { verifyDeposits } from "./families/ethereum-beacon/verify-deposits.ts";

declare global {
  interface Window {
    /** Only in builds made with VITE_EXPOSE_DEPOSIT_VERIFIER=1 (the browser tests): loads and runs verifyDeposits. */
    __verifyDeposits?: typeof verifyDeposits;
  }
}

if (import.meta.env.VITE_EXPOSE_DEPOSIT_VERIFIER === "1") {
  window.__verifyDeposits = async (data, expected) =>
    (await import("./families/ethereum-beacon/verify-deposits.ts")).verifyDeposits(data, expected);
}

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

void i18nReady.then(() => {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={createAppRouter()} />
      </QueryClientProvider>
    </StrictMode>,
  );
});
