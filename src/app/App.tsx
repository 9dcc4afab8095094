import { useTranslation } from "react-i18next";
import { app, networksInHomeOrder } from "../generated/index.ts";
import { type Language, setLanguage } from "./i18n.ts";
import { WalletButton } from "./wallet-button.tsx";

/** The home page: the promise and a card per configured network, read from the generated registry. */
export function App() {
  const { t, i18n } = useTranslation();
  return (
    <main>
      <header>
        <h1>{t("app.tagline")}</h1>
        <label>
          {t("app.language")}{" "}
          <select value={i18n.language} onChange={(event) => void setLanguage(event.target.value as Language)}>
            {app.languages.supported.map((language) => (
              <option key={language} value={language}>
                {t(`languages.${language}`)}
              </option>
            ))}
          </select>
        </label>
        <WalletButton />
      </header>
      <section aria-labelledby="networks-heading">
        <h2 id="networks-heading">{t("app.networksHeading")}</h2>
        <ul>
          {networksInHomeOrder.map((network) => (
            <li key={network.slug}>
              <h3>
                {network.name} ({network.symbol})
                {network.status === "coming-soon" ? <span> · {t("app.comingSoon")}</span> : null}
              </h3>
              <p>{t(network.descriptionKey)}</p>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
