// @vitest-environment jsdom
import { act } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { setUpDomRoot } from "../../../../tests/support/dom-root.tsx";
import { ThemeToggle } from "./ThemeToggle.tsx";

const dom = setUpDomRoot();
const toggle = () => {
  const found = dom.container().querySelector("button");
  if (!found) throw new Error("no toggle rendered");
  return found;
};
afterEach(() => {
  delete document.documentElement.dataset.theme;
  localStorage.clear();
});

describe("ThemeToggle", () => {
  it("is a 'Dark theme' toggle, pressed when <html> is dark", () => {
    document.documentElement.dataset.theme = "dark";
    dom.render(<ThemeToggle />);
    expect(toggle().textContent).toBe("Dark theme");
    expect(toggle().getAttribute("aria-pressed")).toBe("true");
  });

  it("switches the theme on <html> and keeps the choice in localStorage under 'theme'", async () => {
    document.documentElement.dataset.theme = "light";
    dom.render(<ThemeToggle />);
    expect(toggle().getAttribute("aria-pressed")).toBe("false");
    await act(async () => toggle().click());
    expect(document.documentElement.dataset.theme).toBe("dark");
    expect(localStorage.getItem("theme")).toBe("dark");
    expect(toggle().getAttribute("aria-pressed")).toBe("true");
    await act(async () => toggle().click());
    expect(document.documentElement.dataset.theme).toBe("light");
    expect(localStorage.getItem("theme")).toBe("light");
  });

  it("follows a change of theme made elsewhere (the system's, while no choice is kept)", async () => {
    document.documentElement.dataset.theme = "light";
    dom.render(<ThemeToggle />);
    await act(async () => {
      document.documentElement.dataset.theme = "dark";
    });
    expect(toggle().getAttribute("aria-pressed")).toBe("true");
  });
});
