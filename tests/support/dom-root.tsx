import i18next, { type i18n as I18n } from "i18next";
import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, beforeEach } from "vitest";
import enUS from "../../locales/en_US.json";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

export interface DomRoot {
  /** The element the tree renders into (fresh for every test). */
  readonly container: () => HTMLDivElement;
  /** Renders `node` inside the app's English texts, replacing what was rendered before. */
  render(node: ReactNode): void;
}

/**
 * For a jsdom test file (`// @vitest-environment jsdom`): a React root in a fresh element for every test,
 * unmounted after it, rendering with the app's real en_US texts.
 */
export function setUpDomRoot(): DomRoot {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  const i18n: I18n = i18next.createInstance();
  let container: HTMLDivElement | undefined;
  let root: Root | undefined;
  beforeAll(async () => {
    await i18n.init({
      resources: { en_US: { translation: enUS } },
      lng: "en_US",
      interpolation: { escapeValue: false },
    });
  });
  beforeEach(() => {
    container = document.createElement("div");
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root?.unmount());
    container?.remove();
  });
  return {
    container: () => {
      if (!container) throw new Error("render only inside a test");
      return container;
    },
    render: (node) => act(() => root?.render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>)),
  };
}
