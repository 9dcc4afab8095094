import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router-dom";
import { useMediaQuery } from "../components/ui/media/use-media-query.ts";
import { CollapsibleMenu } from "../components/ui/menu/CollapsibleMenu.tsx";
import { ThemeToggle } from "../components/ui/theme/ThemeToggle.tsx";
import { app } from "../generated/index.ts";
import { LanguageSwitch } from "./LanguageSwitch.tsx";
import { MyStakesMenu, useMyStakesOwner } from "./my-stakes/MyStakesMenu.tsx";
import "./site-header.css";
import { WalletButton } from "./wallet-button.tsx";

/** Below this (1120 px) the row folds its navigation, language and theme into a menu. */
const FOLD_BELOW = "(max-width: 69.99rem)";
/**
 * With a wallet connected the row also holds "My stakes" and an account button: under 80rem (1280 px) it has no
 * room for all of it in every language, so it folds sooner.
 */
const FOLD_BELOW_CONNECTED = "(max-width: 79.99rem)";

/**
 * Brand, main navigation, "My stakes" while a wallet is connected, language and theme, the wallet button, on one
 * row at every width: the navigation folds into a menu on narrower screens.
 */
export function SiteHeader() {
  const { t } = useTranslation();
  const folded = useMediaQuery(useMyStakesOwner() ? FOLD_BELOW_CONNECTED : FOLD_BELOW);
  return (
    <header className="site-header" data-folded={folded || undefined}>
      <div className="site-header__inner">
        <Link to="/" className="brand" aria-label={t("app.homeLink", { brand: app.brand })}>
          <svg className="brand__mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
            <rect width="32" height="32" rx="9" fill="currentColor" />
            <path d="M7 22a9 9 0 0 1 18 0" fill="none" stroke="var(--color-surface)" strokeWidth="3" />
            <path d="M16 6v16" stroke="var(--color-surface)" strokeWidth="3" strokeLinecap="round" />
          </svg>
          <span>{app.brand}</span>
        </Link>
        <CollapsibleMenu label={t("nav.menu")} folded={folded}>
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
