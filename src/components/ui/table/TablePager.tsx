import { Link, type To } from "react-router-dom";
import { buttonClass } from "../button/button-class.ts";

export interface TablePagerProps {
  /** The accessible name of the paging navigation ("Reward history pages"). */
  readonly label: string;
  readonly current: number;
  readonly pages: number;
  /** Where page `page` is (its address: pages live in the URL so back and forward work). */
  readonly to: (page: number) => To;
  readonly texts: { readonly previous: string; readonly next: string; readonly page: string };
}

/** Previous / "Page 2 of 5" / next under a table; nothing when everything fits one page. */
export function TablePager({ label, current, pages, to, texts }: TablePagerProps) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="ui-table__pager">
      {current > 1 ? (
        <Link className={buttonClass("secondary")} to={to(current - 1)}>
          {texts.previous}
        </Link>
      ) : null}
      <span aria-current="page">{texts.page}</span>
      {current < pages ? (
        <Link className={buttonClass("secondary")} to={to(current + 1)}>
          {texts.next}
        </Link>
      ) : null}
    </nav>
  );
}
