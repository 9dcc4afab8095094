import { useTranslation } from "react-i18next";
import "./account.css";
import { useKit } from "../../modal/kit-context.ts";
import type { RouteData } from "../../router/views.ts";

/** RegisterAccountNameSuccess: the name just registered, and the way back to Account. */
export default function RegisterAccountNameSuccessView({ data }: { readonly data: RouteData }) {
  const { t } = useTranslation();
  const { kit } = useKit();
  return (
    <div className="mk-body mk-center">
      <p className="mk-success-mark" aria-hidden="true">
        ✓
      </p>
      <p className="mk-profile-name">{data.accountName}</p>
      <p className="mk-note">{t("modalKit.registerName.successHelp")}</p>
      <button type="button" className="mk-button" data-autofocus onClick={() => kit.store.open()}>
        {t("modalKit.registerName.backToAccount")}
      </button>
    </div>
  );
}
