import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isAddress } from "viem";
import type { ViewedOwner } from "./use-viewed-owner.ts";

/**
 * "Whose data": the address shown (the wallet's or one typed in) and a form to view any address, no wallet
 * needed. A malformed address is refused with what is expected, and the previous view stays.
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
      <p>
        {viewed.owner
          ? t(viewed.source === "wallet" ? "owner.showingWallet" : "owner.showingAddress", { address: viewed.owner })
          : t("owner.none")}
      </p>
      <label htmlFor={inputId}>{t("owner.label")}</label>
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
      <button type="submit">{t("owner.view")}</button>
      {viewed.source === "address" ? (
        <button type="button" onClick={() => viewed.view("")}>
          {t("owner.useWallet")}
        </button>
      ) : null}
      {error ? (
        <p id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
