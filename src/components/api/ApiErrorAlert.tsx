import { useTranslation } from "react-i18next";
import { AppError } from "../../core/app-error.ts";

/**
 * A failed backend read: what could not be loaded (`message`), why (the error's locale text) and a button
 * that reads again. Announced as an alert.
 */
export function ApiErrorAlert({
  message,
  error,
  retryLabel,
  onRetry,
}: {
  readonly message: string;
  readonly error: unknown;
  readonly retryLabel: string;
  readonly onRetry: () => void;
}) {
  const { t } = useTranslation();
  const reason = error instanceof AppError ? t(error.shortMessage, error.values) : t("errors.unknown");
  return (
    <div role="alert" className="api-error">
      <p>
        {message} ({reason})
      </p>
      <button type="button" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
