import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import "./account.css";
import { useConfig, useConnection } from "wagmi";
import { signMessage } from "wagmi/actions";
import { forgetSuggestions, nameSuggestionsQueryOptions, setProfileName } from "../../account/account-queries.ts";
import { accountServicesFor } from "../../account/account-services.ts";
import { RegisterNameError, registerAccountName } from "../../account/name-registration.ts";
import { KitError } from "../../errors/kit-error.ts";
import { useKit } from "../../modal/kit-context.ts";
import { ACCOUNT_NAME_MAX, accountNameProblem } from "../../validation/formats.ts";
import { FormError } from "../form-error.tsx";

/** Spec section 9: searches wait 300 ms after the last keystroke. */
const TYPING_WAIT_MS = 300;

/**
 * RegisterAccountName: a name by the account-name rule (4 to 63 characters; letters, digits and hyphen; a name
 * that breaks it is refused under the field and never asked about), its availability and free variations from the server; Register signs the message, registers the name and
 * sets it as the profile name, then shows RegisterAccountNameSuccess. A failure or a refused signature stays
 * here with the catalogue's error.
 */
export default function RegisterAccountNameView() {
  const { t } = useTranslation();
  const { kit } = useKit();
  const config = useConfig();
  const queryClient = useQueryClient();
  const { address, chainId } = useConnection();
  const services = accountServicesFor(kit);
  const ids = { input: useId(), hint: useId(), error: useId() };
  const [label, setLabel] = useState("");
  const [wanted, setWanted] = useState("");
  const [error, setError] = useState<KitError | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWanted(label.trim()), TYPING_WAIT_MS);
    return () => clearTimeout(timer);
  }, [label]);
  // Checked here, before any request: a name the rule refuses is never sent to the server.
  const problem = accountNameProblem(wanted);
  const valid = wanted !== "" && problem === undefined;
  const typedProblem = accountNameProblem(label.trim());
  const suggestions = useQuery(nameSuggestionsQueryOptions(services, wanted, valid));
  const [asked, ...variations] = suggestions.data ?? [];
  const available = asked !== undefined && !asked.registered && wanted === label.trim();

  const register = async (fullName: string) => {
    if (!services || !address || chainId === undefined) return;
    setBusy(true);
    setError(undefined);
    try {
      await registerAccountName({
        api: services.api,
        sign: (message) => signMessage(config, { account: address, message }),
        address,
        chainId,
        fullName,
      });
      // The name is the profile name at once (the server may not list it yet), and it is taken now: the
      // availability kept for it (5 min) is dropped.
      setProfileName(queryClient, address, fullName);
      kit.analytics.track("REGISTER_NAME_SUCCESS", { name: fullName }, address);
      await forgetSuggestions(queryClient, wanted);
      kit.store.replace("RegisterAccountNameSuccess", { accountName: fullName });
    } catch (error) {
      kit.analytics.track("REGISTER_NAME_ERROR", { name: fullName });
      setError(error instanceof KitError ? error : new RegisterNameError(fullName, error));
      setBusy(false);
    }
  };

  const shownError = error ?? (valid ? (suggestions.error as KitError | null) : undefined) ?? undefined;
  // The rule's problem once typing pauses (the name waited for is the one typed).
  const ruleError =
    wanted !== "" && wanted === label.trim() && problem
      ? t(`modalKit.registerName.problems.${problem}`, { max: ACCOUNT_NAME_MAX, length: wanted.length })
      : undefined;
  const errorText = ruleError ?? (shownError ? t(shownError.shortMessage, shownError.values) : undefined);
  return (
    <form
      className="mk-body mk-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (available && asked) void register(asked.name);
      }}
    >
      <label htmlFor={ids.input}>{t("modalKit.registerName.label")}</label>
      <input
        id={ids.input}
        className="mk-input"
        autoComplete="off"
        spellCheck={false}
        data-autofocus
        value={label}
        aria-invalid={label.trim() !== "" && typedProblem !== undefined}
        aria-describedby={`${ids.hint}${errorText ? ` ${ids.error}` : ""}`}
        onChange={(event) => {
          setLabel(event.target.value);
          setError(undefined);
        }}
      />
      <p id={ids.hint} className="mk-note">
        {t("modalKit.registerName.rule")}
      </p>
      {asked && wanted === label.trim() ? (
        <p className="mk-status" data-testid="mk-name-availability">
          {t(asked.registered ? "modalKit.registerName.taken" : "modalKit.registerName.available", {
            name: asked.name,
          })}
        </p>
      ) : null}
      {variations.length > 0 && asked?.registered ? (
        <ul className="mk-list" aria-label={t("modalKit.registerName.suggestions")}>
          {variations.map((suggestion) => (
            <li key={suggestion.name}>
              <button
                type="button"
                className="mk-row"
                onClick={() => setLabel(suggestion.name.split(".")[0] ?? suggestion.name)}
              >
                <span className="mk-row-name">{suggestion.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <FormError id={ids.error} message={errorText} />
      <button type="submit" className="mk-button" disabled={!available || busy} aria-busy={busy}>
        {t("modalKit.registerName.submit")}
      </button>
    </form>
  );
}
