import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useFormatAmount } from "../../components/ui/coin-amount/use-format-amount.ts";
import { stakePositionsQueryOptions } from "../../lib/api/stake-positions-query.ts";
import { appEnvironment } from "../../lib/app-environment.ts";
import { stakePositionLinks } from "./stake-position-links.ts";

/** The connected address's stakes as links, read from the server when the list opens. */
export function MyStakesList({ owner }: { readonly owner: string }) {
  const { t } = useTranslation();
  const read = useQuery(stakePositionsQueryOptions(owner));
  const short = `${owner.slice(0, 6)}…${owner.slice(-4)}`;
  return (
    <section aria-labelledby="my-stakes-heading" aria-busy={read.isPending}>
      <h2 id="my-stakes-heading" className="my-stakes__heading">
        {t("nav.myStakes.heading", { address: short })}
      </h2>
      {read.isPending ? (
        <p className="my-stakes__note">{t("nav.myStakes.loading")}</p>
      ) : read.isError ? (
        <div role="alert" className="my-stakes__note">
          <p>{t("nav.myStakes.failed")}</p>
          <button type="button" className="my-stakes__retry" onClick={() => void read.refetch()}>
            {t("nav.myStakes.retry")}
          </button>
        </div>
      ) : (
        <Positions answer={read.data} />
      )}
    </section>
  );
}

function Positions({ answer }: { readonly answer: Parameters<typeof stakePositionLinks>[0] }) {
  const { t } = useTranslation();
  const format = useFormatAmount();
  const { links, unreadable } = stakePositionLinks(answer, appEnvironment);
  return (
    <>
      {links.length > 0 ? (
        <ul className="my-stakes__list">
          {links.map((link) => (
            <li key={`${link.to} ${link.key}`}>
              <Link to={link.to}>
                {t(link.key, {
                  ...link.values,
                  ...(link.amount ? { amount: format(link.amount.units, link.amount) } : {}),
                })}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="my-stakes__note">{t("nav.myStakes.none")}</p>
      )}
      {unreadable.map((name) => (
        <p key={name} className="my-stakes__note">
          {t("nav.myStakes.unreadable", { name })}
        </p>
      ))}
    </>
  );
}
