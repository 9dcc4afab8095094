import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { buttonClass } from "../../components/ui/button/button-class.ts";

/** The not-found page (spec section 2 and 8 texts). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="page not-found">
      <p className="not-found-code" aria-hidden="true">
        {t("notFound.code")}
      </p>
      <h1>
        <span className="visually-hidden">{t("notFound.code")} </span>
        {t("notFound.title")}
      </h1>
      <p>{t("notFound.text")}</p>
      <Link to="/" className={buttonClass("primary")}>
        {t("notFound.back")}
      </Link>
    </div>
  );
}
