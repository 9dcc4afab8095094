import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { buttonClass } from "../../components/ui/button/button-class.ts";
import { EmptyState } from "../../components/ui/empty-state/EmptyState.tsx";

/** A later step opened before any operator was chosen: where to start. */
export function NeedOperators({ base }: { readonly base: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      action={
        <Link className={buttonClass("primary")} to={`${base}/operators`}>
          {t("ssv.steps.operators")}
        </Link>
      }
    >
      {t("ssv.needOperators")}
    </EmptyState>
  );
}
