import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { isAddress } from "viem";
import { z } from "zod";
import { Button } from "../ui/button/Button.tsx";
import { AddressSearchBar } from "./AddressSearchBar.tsx";
import type { ViewedOwner } from "./use-viewed-owner.ts";
import "./owner-form.css";

/** Empty (back to the wallet's) or an address in any letter case. */
const ownerFormSchema = z.object({
  address: z
    .string()
    .trim()
    .refine((address) => address === "" || isAddress(address, { strict: false }), "owner.invalidAddress"),
});

/**
 * "Whose data": the address shown (the wallet's or one typed in) and a form to view any address, no wallet
 * needed, as a search bar. A malformed address is refused with what is expected, and the previous view stays.
 * Checked on submit only; focus stays on the button that submitted.
 */
export function OwnerAddressForm({ viewed }: { readonly viewed: ViewedOwner }) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof ownerFormSchema>, unknown, z.output<typeof ownerFormSchema>>({
    resolver: zodResolver(ownerFormSchema),
    defaultValues: { address: viewed.typed },
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const error = errors.address?.message ? t(errors.address.message) : undefined;
  return (
    <form className="owner-form" onSubmit={handleSubmit(({ address }) => viewed.view(address))} noValidate>
      <p className="owner-form__showing">
        {viewed.owner
          ? t(viewed.source === "wallet" ? "owner.showingWallet" : "owner.showingAddress", { address: viewed.owner })
          : t("owner.none")}
      </p>
      <AddressSearchBar
        label={t("owner.label")}
        submitLabel={t("owner.view")}
        error={error}
        input={register("address")}
        icon
      />
      {viewed.source === "address" ? (
        <Button variant="ghost" onClick={() => viewed.view("")}>
          {t("owner.useWallet")}
        </Button>
      ) : null}
    </form>
  );
}
