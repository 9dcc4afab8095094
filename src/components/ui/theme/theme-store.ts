/** The two colour themes of tokens.css. */
export type Theme = "light" | "dark";

/** The localStorage key of the visitor's choice; index.html's inline script reads it before the first paint. */
export const THEME_STORAGE_KEY = "theme";

/** The theme on <html data-theme> (set before first paint by index.html's inline script), light when none is set. */
export function currentTheme(): Theme {
  return document.documentElement.dataset.theme === "dark" ? "dark" : "light";
}

/** Shows `theme` now and keeps the choice for the next visits. */
export function chooseTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage refused (private mode, quota): the choice holds for this page only.
  }
  document.documentElement.dataset.theme = theme;
}

/** Calls `listener` whenever <html data-theme> changes (a choice here, or the system's while none is kept). */
export function subscribeTheme(listener: () => void): () => void {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
  return () => observer.disconnect();
}
