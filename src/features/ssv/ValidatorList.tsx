import { useTranslation } from "react-i18next";
import { AddressChip } from "../../components/ui/address-chip/AddressChip.tsx";
import type { SsvValidatorShares } from "../../core/ssv/verify-keyshares.ts";

/** The accepted validators in registration order: public key (short, with copy), nonce and file. */
export function ValidatorList({ validators }: { readonly validators: readonly SsvValidatorShares[] }) {
  const { t } = useTranslation();
  return (
    <ol className="ssv-validators" aria-label={t("ssv.upload.validators")}>
      {validators.map((validator) => (
        <li key={validator.publicKey}>
          <AddressChip address={validator.publicKey} />
          <span>{t("ssv.upload.validatorLine", { nonce: validator.ownerNonce, file: validator.file })}</span>
        </li>
      ))}
    </ol>
  );
}
