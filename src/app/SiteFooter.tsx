import { useTranslation } from "react-i18next";
import { app } from "../generated/index.ts";
import "./site-footer.css";

const LINKS = ["website", "docs", "stakingTutorial", "dvtTool"] as const;

/** The provider's public pages (app.json `links`), the brand and the app's version. */
export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__about">{t("app.footer", { brand: app.brand, version: app.version })}</p>
        <nav aria-label={t("footer.linksLabel", { brand: app.brand })}>
          <ul className="site-footer__links">
            {LINKS.map((link) => (
              <li key={link}>
                <a href={app.links[link]} rel="noopener">
                  {t(`footer.${link}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
