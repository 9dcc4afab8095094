import i18next from "i18next";
import * as enUS from "../../locales/en_US.json?first-page";

/** The source language, the one every other locale is checked against. */
export const SOURCE_LANGUAGE = "en_US";

/**
 * en_US ships in two parts. The sections the shell (header, footer, menus, toasts, the wallet button) and the
 * home page show are in the entry; the rest (the stake, dashboard, claim and other pages' texts) load with
 * the first other page (see lazyPage). Only named sections are bundled here (`?first-page` is a second module
 * of the same file, so its unused sections are left out of the build). A text the first page shows from a
 * section not listed here is logged as missing (see i18n.ts), which the browser tests fail on.
 */
export const firstPageTexts = {
  amount: enUS.amount,
  app: enUS.app,
  calculator: enUS.calculator,
  duration: enUS.duration,
  durationRange: enUS.durationRange,
  errors: enUS.errors,
  facts: enUS.facts,
  footer: enUS.footer,
  frequency: enUS.frequency,
  home: enUS.home,
  languages: enUS.languages,
  meta: enUS.meta,
  modalKit: enUS.modalKit,
  nav: enUS.nav,
  networks: enUS.networks,
  notFound: enUS.notFound,
  stakingOverview: enUS.stakingOverview,
  theme: enUS.theme,
  toast: enUS.toast,
};

let allTexts: Promise<void> | undefined;

/** Adds the rest of en_US (once for the page); a failed load is not remembered. */
export function loadAllSourceTexts(): Promise<void> {
  allTexts ??= import("../../locales/en_US.json").then(
    (module) => void i18next.addResourceBundle(SOURCE_LANGUAGE, "translation", module.default, true, true),
  );
  allTexts.catch(() => {
    allTexts = undefined;
  });
  return allTexts;
}
