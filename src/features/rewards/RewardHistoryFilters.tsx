import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { REWARD_TYPES, type RewardHistoryQuery } from "./reward-query.ts";

/** Type of reward and date range of the history; applied on submit, kept in the page address. */
export function RewardHistoryFilters({
  query,
  onApply,
}: {
  readonly query: RewardHistoryQuery;
  readonly onApply: (changes: Partial<RewardHistoryQuery>) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [type, setType] = useState(query.type);
  const [from, setFrom] = useState(query.from ?? "");
  const [to, setTo] = useState(query.to ?? "");
  const backwards = from !== "" && to !== "" && from > to;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (backwards) return;
    onApply({ type, from: from || undefined, to: to || undefined });
  };
  return (
    <form className="history-filters" onSubmit={submit} noValidate aria-label={t("rewards.history.filters")}>
      <label htmlFor={`${id}-type`}>{t("rewards.history.type")}</label>
      <select
        id={`${id}-type`}
        value={type}
        onChange={(event) => setType(REWARD_TYPES.find((value) => value === event.target.value) ?? "all")}
      >
        {REWARD_TYPES.map((value) => (
          <option key={value} value={value}>
            {t(`rewards.types.${value}`)}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-from`}>{t("rewards.history.from")}</label>
      <input
        id={`${id}-from`}
        type="date"
        value={from}
        max={to || undefined}
        onChange={(e) => setFrom(e.target.value)}
      />
      <label htmlFor={`${id}-to`}>{t("rewards.history.to")}</label>
      <input
        id={`${id}-to`}
        type="date"
        value={to}
        min={from || undefined}
        aria-invalid={backwards ? true : undefined}
        aria-describedby={backwards ? `${id}-range-error` : undefined}
        onChange={(e) => setTo(e.target.value)}
      />
      <button type="submit">{t("rewards.history.apply")}</button>
      {backwards ? (
        <p id={`${id}-range-error`} role="alert" className="field-error">
          {t("rewards.history.backwards")}
        </p>
      ) : null}
    </form>
  );
}
