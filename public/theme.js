// Loaded from <head> before the page paints (a file, so a strict script-src 'self' policy allows it): puts the
// theme on <html data-theme>, the visitor's choice kept in localStorage "theme" (see the header's ThemeToggle),
// else the system's, and follows the system while the visitor has not chosen.
(() => {
  const root = document.documentElement;
  const system = matchMedia("(prefers-color-scheme: dark)");
  const chosen = () => {
    try {
      const value = localStorage.getItem("theme");
      return value === "dark" || value === "light" ? value : undefined;
    } catch {
      return undefined;
    }
  };
  const apply = () => {
    root.dataset.theme = chosen() ?? (system.matches ? "dark" : "light");
  };
  apply();
  system.addEventListener("change", apply);
})();
