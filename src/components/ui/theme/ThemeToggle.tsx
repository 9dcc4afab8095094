import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../button/Button.tsx";
import { chooseTheme, currentTheme, subscribeTheme } from "./theme-store.ts";
import "./theme-toggle.css";

/** The header's switch between the light and the dark theme: a toggle button, pressed when dark. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const theme = useSyncExternalStore(subscribeTheme, currentTheme, () => "light" as const);
  const dark = theme === "dark";
  return (
    <Button
      variant="ghost"
      className="ui-theme-toggle"
      aria-pressed={dark}
      onClick={() => chooseTheme(dark ? "light" : "dark")}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        {dark ? (
          <path fill="currentColor" d="M20.5 14.2A8.5 8.5 0 0 1 9.8 3.5a8.5 8.5 0 1 0 10.7 10.7z" />
        ) : (
          <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <circle cx="12" cy="12" r="4.2" />
            <path d="M12 2.5v2M12 19.5v2M2.5 12h2M19.5 12h2M5.3 5.3l1.4 1.4M17.3 17.3l1.4 1.4M5.3 18.7l1.4-1.4M17.3 6.7l1.4-1.4" />
          </g>
        )}
      </svg>
      <span className="ui-theme-toggle__label">{t("theme.dark")}</span>
    </Button>
  );
}
