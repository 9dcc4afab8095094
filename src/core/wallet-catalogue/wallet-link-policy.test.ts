import { describe, expect, it } from "vitest";
import { walletCatalogue } from "./wallet-catalogue.ts";
import {
  safeWalletImageUrl,
  safeWalletLink,
  unsafeWalletLinkFields,
  withSafeWalletLinks,
} from "./wallet-link-policy.ts";

describe("wallet catalogue links", () => {
  it("allows https and the approved wallet app schemes", () => {
    expect(safeWalletLink("https://app.safe.global")).toBe("https://app.safe.global/");
    expect(safeWalletLink("metamask://")).toBe("metamask://");
    expect(safeWalletLink("okex://main")).toBe("okex://main");
    expect(safeWalletLink("wc:7f6e@2?relay-protocol=irn")).toBe("wc:7f6e@2?relay-protocol=irn");
  });

  it("refuses javascript:, data:, http:, other schemes, credentials and anything unparsable", () => {
    for (const link of [
      "javascript:alert(document.cookie)",
      "JavaScript:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "http://wallet.example",
      "file:///etc/passwd",
      "intent://scan#Intent;end",
      "https://user:secret@wallet.example",
      "vbscript:msgbox(1)",
      "no scheme at all",
      "",
      null,
      undefined,
    ])
      expect(safeWalletLink(link), String(link)).toBeUndefined();
  });

  it("shows images over https only", () => {
    expect(safeWalletImageUrl("https://images.wallet.example/w.png")).toBe("https://images.wallet.example/w.png");
    expect(safeWalletImageUrl("http://images.wallet.example/w.png")).toBeUndefined();
    expect(safeWalletImageUrl("javascript:alert(1)")).toBeUndefined();
  });

  it("names the fields of a listing that are not allowed, and clears them", () => {
    const listing = {
      id: "evil",
      name: "Evil Wallet",
      mobile_link: "rainbow://",
      desktop_link: "http://evil.example",
      webapp_link: "javascript:alert(1)",
      image_url: "data:image/svg+xml,<svg/>",
    };
    expect(unsafeWalletLinkFields(listing)).toEqual(["desktop_link", "webapp_link", "image_url"]);
    expect(withSafeWalletLinks(listing)).toEqual({
      ...listing,
      desktop_link: null,
      webapp_link: null,
      image_url: null,
    });
  });

  it("holds in the repository's wallets.json: every link is https or an approved app scheme", () => {
    const problems = walletCatalogue.flatMap((wallet) =>
      unsafeWalletLinkFields(wallet).map((field) => `${wallet.name} ${field}: ${wallet[field as keyof typeof wallet]}`),
    );
    expect(problems).toEqual([]);
  });
});
