import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Button } from "../../components/ui/button/Button.tsx";
import { Field } from "../../components/ui/field/Field.tsx";
import { checkWholeCount, type WholeCountProblem } from "../../core/whole-count.ts";

export interface PoolUnstakeFormProps {
  /** Votes past their lock period: what can be unstaked. */
  readonly locked: bigint;
  readonly disabled: boolean;
  onUnstake(votes: bigint): void;
}

/** The message of each problem with typed votes. */
const MESSAGES: Record<WholeCountProblem["key"], string> = {
  "count.errors.required": "pool.errors.votesRequired",
  "count.errors.notANumber": "pool.errors.votesNotANumber",
  "count.errors.notWhole": "pool.errors.votesNotWhole",
  "count.errors.notPositive": "pool.errors.votesNotPositive",
  "count.errors.tooMany": "pool.errors.moreThanLocked",
};

/** Unstake whole votes, at most the locked ones; anything else is refused under the field, nothing sent. */
export function PoolUnstakeForm({ locked, disabled, onUnstake }: PoolUnstakeFormProps) {
  const { t } = useTranslation();
  const schema = useMemo(
    () =>
      z.object({
        votes: z.string().superRefine((text, context) => {
          const check = checkWholeCount(text, locked);
          if (!check.ok) context.addIssue({ code: "custom", message: MESSAGES[check.problem.key] });
        }),
      }),
    [locked],
  );
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ votes: string }>({ resolver: zodResolver(schema), defaultValues: { votes: "" } });
  const error = errors.votes?.message ? t(errors.votes.message, { count: Number(locked) }) : undefined;
  return (
    <form
      noValidate
      className="form-stack"
      onSubmit={handleSubmit(({ votes }) => {
        const check = checkWholeCount(votes, locked);
        if (check.ok) onUnstake(check.count);
      })}
    >
      <Field label={t("pool.unstakeVotes")} hint={t("pool.unstakeHelp", { count: Number(locked) })} error={error}>
        {(control) => <input inputMode="numeric" autoComplete="off" {...control} {...register("votes")} />}
      </Field>
      <Button type="submit" variant="secondary" disabled={disabled || locked === 0n}>
        {t("pool.unstake")}
      </Button>
    </form>
  );
}
