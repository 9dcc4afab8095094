import { useTranslation } from "react-i18next";
import { Link, useRouteError } from "react-router-dom";

/** Last resort for an unexpected render or loader error: says so and links home. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <main id="main" className="page">
      <h1>{t("errors.unknown")}</h1>
      <p>
        <Link to="/">{t("notFound.back")}</Link>
      </p>
    </main>
  );
}
