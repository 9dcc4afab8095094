import { useTranslation } from "react-i18next";
import { app } from "../generated/index.ts";
import { isLanguage, setLanguage } from "./i18n.ts";

/** The header's language choice; the choice is kept in localStorage ("language"). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <label className="language-switch">
      <span className="language-switch__label">{t("app.language")}</span>
      <select
        value={i18n.language}
        onChange={(event) => {
          const value = event.target.value;
          if (isLanguage(value)) void setLanguage(value);
        }}
      >
        {app.languages.supported.map((language) => (
          <option key={language} value={language} lang={language.replace("_", "-")}>
            {t(`languages.${language}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
