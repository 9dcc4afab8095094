import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Button } from "../../components/ui/button/Button.tsx";
import { Field } from "../../components/ui/field/Field.tsx";
import { formatDay } from "../../core/format-date.ts";
import { parseDayInput, type RewardHistoryQuery } from "./reward-query.ts";

/**
 * The two typed dates, each empty or a day; out come the days (yyyy-mm-dd) or undefined. One problem at a
 * time, as the fields read: the start date's format, the end date's, then a start after the end.
 */
const dayRangeSchema = z.object({ from: z.string(), to: z.string() }).transform(({ from, to }, context) => {
  const first = from.trim() ? parseDayInput(from) : undefined;
  const last = to.trim() ? parseDayInput(to) : undefined;
  const refuse = (path: "from" | "to", message: string) => {
    context.addIssue({ code: "custom", path: [path], message });
    return z.NEVER;
  };
  if (from.trim() && !first) return refuse("from", "rewards.history.badDate");
  if (to.trim() && !last) return refuse("to", "rewards.history.badDate");
  if (first && last && first > last) return refuse("from", "rewards.history.backwards");
  return { from: first, to: last };
});

type DayRange = z.input<typeof dayRangeSchema>;

/**
 * The date range of the history, typed in the app's format (yy-mm-dd); applied on submit and kept in the
 * page address. A malformed or backwards range is refused with what is expected, on the field at fault;
 * checked on submit only, and focus stays on the button.
 */
export function RewardHistoryFilters({
  query,
  onApply,
}: {
  readonly query: RewardHistoryQuery;
  readonly onApply: (changes: Partial<RewardHistoryQuery>) => void;
}) {
  const { t } = useTranslation();
  const formatId = `${useId()}-format`;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DayRange, unknown, z.output<typeof dayRangeSchema>>({
    resolver: zodResolver(dayRangeSchema),
    defaultValues: { from: query.from ? formatDay(query.from) : "", to: query.to ? formatDay(query.to) : "" },
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const day = (field: keyof DayRange, label: string) => {
    const message = errors[field]?.message;
    return (
      <Field label={label} error={message ? t(message) : undefined} className="history-filters__field">
        {(control) => (
          <input
            {...control}
            // The shared format line below describes both dates, after the error when there is one.
            aria-describedby={[control["aria-describedby"], formatId].filter(Boolean).join(" ")}
            className={`${control.className} day-input`}
            placeholder={t("rewards.history.dayPlaceholder")}
            autoComplete="off"
            {...register(field)}
          />
        )}
      </Field>
    );
  };
  return (
    <form
      className="history-filters"
      onSubmit={handleSubmit((range) => onApply(range))}
      noValidate
      aria-label={t("rewards.history.filters")}
    >
      {day("from", t("rewards.history.from"))}
      {day("to", t("rewards.history.to"))}
      <Button type="submit" variant="secondary">
        {t("rewards.history.apply")}
      </Button>
      <p id={formatId} className="hint">
        {t("rewards.history.dateFormat")}
      </p>
    </form>
  );
}
