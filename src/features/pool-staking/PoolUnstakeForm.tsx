import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Button } from "../../components/ui/button/Button.tsx";
import { Field } from "../../components/ui/field/Field.tsx";

export interface PoolUnstakeFormProps {
  /** Votes past their lock period: what can be unstaked. */
  readonly locked: bigint;
  readonly disabled: boolean;
  onUnstake(votes: bigint): void;
}

/** Unstake whole votes, at most the locked ones. */
export function PoolUnstakeForm({ locked, disabled, onUnstake }: PoolUnstakeFormProps) {
  const { t } = useTranslation();
  const schema = useMemo(
    () =>
      z.object({
        votes: z
          .string()
          .trim()
          .regex(/^[1-9][0-9]*$/, "pool.errors.wholeVotes")
          .refine((text) => BigInt(text) <= locked, "pool.errors.moreThanLocked"),
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
    <form noValidate className="form-stack" onSubmit={handleSubmit(({ votes }) => onUnstake(BigInt(votes.trim())))}>
      <Field label={t("pool.unstakeVotes")} hint={t("pool.unstakeHelp", { count: Number(locked) })} error={error}>
        {(control) => <input inputMode="numeric" autoComplete="off" {...control} {...register("votes")} />}
      </Field>
      <Button type="submit" variant="secondary" disabled={disabled || locked === 0n}>
        {t("pool.unstake")}
      </Button>
    </form>
  );
}
