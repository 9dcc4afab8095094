import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router-dom";
import { CollapsibleMenu } from "../components/ui/menu/CollapsibleMenu.tsx";
import { ThemeToggle } from "../components/ui/theme/ThemeToggle.tsx";
import { app } from "../generated/index.ts";
import { LanguageSwitch } from "./LanguageSwitch.tsx";
import { MyStakesMenu } from "./my-stakes/MyStakesMenu.tsx";
import "./site-header.css";
import { WalletButton } from "./wallet-button.tsx";

/**
 * Brand, main navigation, "My stakes" while a wallet is connected, language and theme, the wallet button; the
 * navigation folds into a menu on phones.
 */
export function SiteHeader() {
  const { t } = useTranslation();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="brand" aria-label={t("app.homeLink", { brand: app.brand })}>
          <svg className="brand__mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
            <rect width="32" height="32" rx="9" fill="currentColor" />
            <path d="M7 22a9 9 0 0 1 18 0" fill="none" stroke="var(--color-surface)" strokeWidth="3" />
            <path d="M16 6v16" stroke="var(--color-surface)" strokeWidth="3" strokeLinecap="round" />
          </svg>
          <span>{app.brand}</span>
        </Link>
        <CollapsibleMenu label={t("nav.menu")}>
          <nav aria-label={t("nav.label")} className="site-nav">
            <NavLink to="/" end>
              {t("nav.home")}
            </NavLink>
            <Link to="/#calculator">{t("nav.calculator")}</Link>
            <NavLink to="/institution-staking">{t("nav.institution")}</NavLink>
            <NavLink to="/contact">{t("nav.contact")}</NavLink>
          </nav>
          <MyStakesMenu />
          <div className="site-header__tools">
            <LanguageSwitch />
            <ThemeToggle />
          </div>
        </CollapsibleMenu>
        <div className="site-header__wallet">
          <WalletButton />
        </div>
      </div>
    </header>
  );
}
