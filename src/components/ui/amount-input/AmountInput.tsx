import type { InputHTMLAttributes, ReactNode, Ref } from "react";
import { useTranslation } from "react-i18next";
import { formatUnits } from "viem";
import { useFormatAmount } from "../coin-amount/use-format-amount.ts";
import { Field } from "../field/Field.tsx";
import "./amount-input.css";

export interface AmountInputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className" | "children" | "type"> {
  readonly ref?: Ref<HTMLInputElement>;
  readonly label: ReactNode;
  readonly hint?: ReactNode;
  readonly error?: ReactNode;
  /** The coin's symbol, shown after the figure. */
  readonly symbol: string;
  readonly decimals: number;
  /** The wallet's balance in base units: shown above the field, and what Max fills in. */
  readonly balance?: bigint;
  /** Called with the whole balance as a decimal string when Max is pressed (absent: no Max button). */
  onMax?(amount: string): void;
}

/**
 * An amount field: the figure, its coin symbol, the wallet's balance and a Max button that fills the balance.
 * Spread react-hook-form's `register("amount")` on it; Max calls `onMax` (the form's `setValue`).
 */
export function AmountInput({ label, hint, error, symbol, decimals, balance, onMax, ...input }: AmountInputProps) {
  const { t } = useTranslation();
  const format = useFormatAmount();
  // Shown rounded (the one amount formatter); Max fills the exact balance.
  const shown = balance === undefined ? undefined : format(balance, { decimals, symbol });
  const balanceText = shown === undefined ? undefined : t("ui.amountInput.balance", { amount: shown });
  return (
    <Field label={label} hint={hint} error={error} aside={balanceText}>
      {(control) => (
        <div className="ui-amount-input">
          <input
            inputMode="decimal"
            autoComplete="off"
            {...input}
            {...control}
            className={`${control.className} ui-amount-input__input`}
          />
          <span className="ui-amount-input__symbol" aria-hidden="true">
            {symbol}
          </span>
          {onMax && balance !== undefined ? (
            <button
              type="button"
              className="ui-amount-input__max"
              aria-label={t("ui.amountInput.maxLabel", { amount: shown })}
              onClick={() => onMax(formatUnits(balance, decimals))}
            >
              {t("ui.amountInput.max")}
            </button>
          ) : null}
        </div>
      )}
    </Field>
  );
}
