import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import { i18nReady } from "./app/i18n.ts";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

void i18nReady.then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
