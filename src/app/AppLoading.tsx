import { useTranslation } from "react-i18next";

/** Shown while the first page's module and loaders load, before the root layout can render. */
export function AppLoading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="app-loading">
      {t("app.loading")}
    </p>
  );
}
