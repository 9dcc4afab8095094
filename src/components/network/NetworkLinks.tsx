import { useTranslation } from "react-i18next";
import { NavLink } from "react-router-dom";
import type { NetworkLink } from "./network-links.ts";
import "./network-links.css";

/** A network's pages as a bar of links (the current one marked), so a staker always finds their stake. */
export function NetworkLinks({ label, links }: { readonly label: string; readonly links: readonly NetworkLink[] }) {
  const { t } = useTranslation();
  if (links.length === 0) return null;
  return (
    <nav aria-label={label} className="network-links">
      {links.map((link) => (
        <NavLink key={link.to} to={link.to} end>
          {t(link.labelKey, link.values)}
        </NavLink>
      ))}
    </nav>
  );
}
