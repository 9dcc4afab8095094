import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button/Button.tsx";
import { formatDay } from "../../core/format-date.ts";
import { parseDayInput, type RewardHistoryQuery } from "./reward-query.ts";

/**
 * The date range of the history, typed in the app's format (yy-mm-dd); applied on submit and kept in the
 * page address. A malformed or backwards range is refused with what is expected.
 */
export function RewardHistoryFilters({
  query,
  onApply,
}: {
  readonly query: RewardHistoryQuery;
  readonly onApply: (changes: Partial<RewardHistoryQuery>) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [from, setFrom] = useState(query.from ? formatDay(query.from) : "");
  const [to, setTo] = useState(query.to ? formatDay(query.to) : "");
  const [error, setError] = useState<{ field: "from" | "to"; message: string } | undefined>(undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const first = from.trim() ? parseDayInput(from) : undefined;
    const last = to.trim() ? parseDayInput(to) : undefined;
    if (from.trim() && !first) return setError({ field: "from", message: t("rewards.history.badDate") });
    if (to.trim() && !last) return setError({ field: "to", message: t("rewards.history.badDate") });
    if (first && last && first > last) return setError({ field: "from", message: t("rewards.history.backwards") });
    setError(undefined);
    onApply({ from: first, to: last });
  };
  const invalid = (field: "from" | "to") =>
    error?.field === field ? { "aria-invalid": true, "aria-describedby": `${id}-error ${id}-format` } : {};
  return (
    <form className="history-filters" onSubmit={submit} noValidate aria-label={t("rewards.history.filters")}>
      <div className="history-filters__field">
        <label htmlFor={`${id}-from`}>{t("rewards.history.from")}</label>
        <input
          id={`${id}-from`}
          className="day-input"
          value={from}
          placeholder={t("rewards.history.dayPlaceholder")}
          autoComplete="off"
          aria-describedby={`${id}-format`}
          onChange={(event) => setFrom(event.target.value)}
          {...invalid("from")}
        />
      </div>
      <div className="history-filters__field">
        <label htmlFor={`${id}-to`}>{t("rewards.history.to")}</label>
        <input
          id={`${id}-to`}
          className="day-input"
          value={to}
          placeholder={t("rewards.history.dayPlaceholder")}
          autoComplete="off"
          aria-describedby={`${id}-format`}
          onChange={(event) => setTo(event.target.value)}
          {...invalid("to")}
        />
      </div>
      <Button type="submit" variant="secondary">
        {t("rewards.history.apply")}
      </Button>
      <p id={`${id}-format`} className="hint">
        {t("rewards.history.dateFormat")}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="field-error">
          {error.message}
        </p>
      ) : null}
    </form>
  );
}
