import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { buttonClass } from "../../components/ui/button/button-class.ts";
import { Card } from "../../components/ui/card/Card.tsx";
import { offersStaking } from "../../families/requirements.ts";
import { app, networksInHomeOrder } from "../../generated/index.ts";

const OFFER = ["nonCustodial", "networks", "reporting", "support"] as const;
const LIVE_COUNT = networksInHomeOrder.filter(offersStaking).length;

/** Institution staking: the provider's institutional offer and a way to get in touch. */
export function InstitutionPage() {
  const { t } = useTranslation();
  return (
    <div className="page institution">
      <h1>{t("institution.heading")}</h1>
      <p>{t("institution.intro", { brand: app.brand })}</p>
      <p>
        <Link to={{ hash: "#talk-to-us" }} className={buttonClass("primary")}>
          {t("institution.cta")}
        </Link>
      </p>
      <section aria-labelledby="offer-heading">
        <h2 id="offer-heading">{t("institution.offerHeading")}</h2>
        <ul className="offer">
          {OFFER.map((item) => (
            <Card as="li" key={item}>
              {t(`institution.offer.${item}`, { count: LIVE_COUNT })}
            </Card>
          ))}
        </ul>
      </section>
      <Card as="section" raised id="talk-to-us" aria-labelledby="talk-heading" tabIndex={-1} className="talk-to-us">
        <h2 id="talk-heading">{t("institution.contactHeading")}</h2>
        <p>{t("institution.contactText")}</p>
        <Link to="/contact" className={buttonClass("primary")}>
          {t("institution.contactLink")}
        </Link>
      </Card>
    </div>
  );
}
