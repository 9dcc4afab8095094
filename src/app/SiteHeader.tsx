import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router-dom";
import { app } from "../generated/index.ts";
import { LanguageSwitch } from "./LanguageSwitch.tsx";
import { WalletButton } from "./wallet-button.tsx";

/** Brand, main navigation, the language switch and the wallet button. */
export function SiteHeader() {
  const { t } = useTranslation();
  return (
    <header className="site-header">
      <Link to="/" className="brand" aria-label={t("app.homeLink", { brand: app.brand })}>
        {app.brand}
      </Link>
      <nav aria-label={t("nav.label")} className="site-nav">
        <NavLink to="/" end>
          {t("nav.home")}
        </NavLink>
        <Link to="/#calculator">{t("nav.calculator")}</Link>
        <NavLink to="/institution-staking">{t("nav.institution")}</NavLink>
        <NavLink to="/contact">{t("nav.contact")}</NavLink>
      </nav>
      <LanguageSwitch />
      <WalletButton />
    </header>
  );
}
