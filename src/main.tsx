import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import { i18nReady } from "./app/i18n.ts";
import { createAppRouter } from "./app/router.ts";
import "./app/styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

void i18nReady.then(() => {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={createAppRouter()} />
    </StrictMode>,
  );
});
