import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isAddress } from "viem";
import { Button } from "../ui/button/Button.tsx";
import type { ViewedOwner } from "./use-viewed-owner.ts";
import "./owner-form.css";

/**
 * "Whose data": the address shown (the wallet's or one typed in) and a form to view any address, no wallet
 * needed, as a search bar. A malformed address is refused with what is expected, and the previous view stays.
 */
export function OwnerAddressForm({ viewed }: { readonly viewed: ViewedOwner }) {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const [value, setValue] = useState(viewed.typed);
  const [error, setError] = useState<string | undefined>(undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = value.trim();
    if (address && !isAddress(address, { strict: false })) {
      setError(t("owner.invalidAddress"));
      return;
    }
    setError(undefined);
    viewed.view(address);
  };
  return (
    <form className="owner-form" onSubmit={submit} noValidate>
      <p className="owner-form__showing">
        {viewed.owner
          ? t(viewed.source === "wallet" ? "owner.showingWallet" : "owner.showingAddress", { address: viewed.owner })
          : t("owner.none")}
      </p>
      <label htmlFor={inputId}>{t("owner.label")}</label>
      <div className="owner-form__bar">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          id={inputId}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          placeholder="0x…"
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <Button type="submit">{t("owner.view")}</Button>
      </div>
      {viewed.source === "address" ? (
        <Button variant="ghost" onClick={() => viewed.view("")}>
          {t("owner.useWallet")}
        </Button>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="owner-form__error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
