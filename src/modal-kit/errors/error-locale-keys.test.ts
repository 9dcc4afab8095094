import { describe, expect, it } from "vitest";
import enUS from "../../../locales/en_US.json" with { type: "json" };
import zhCN from "../../../locales/zh_CN.json" with { type: "json" };
import { PROVIDER_ERROR_CODES } from "./provider-errors.ts";

const lookup = (locale: unknown, key: string): unknown =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], locale);

describe("error texts", () => {
  it("has an English and a Chinese text for every wallet error kind", () => {
    for (const kind of [...Object.keys(PROVIDER_ERROR_CODES), "unknown"]) {
      for (const locale of [enUS, zhCN])
        expect(lookup(locale, `modalKit.errors.provider.${kind}`)).toEqual(expect.any(String));
    }
  });

  it("keeps the catalogue texts of spec section 8 word for word in English", () => {
    expect(lookup(enUS, "modalKit.errors.connectionRejected")).toBe("Connection rejected");
    expect(lookup(enUS, "modalKit.errors.failedToConnect")).toBe("Failed to connect");
    expect(lookup(enUS, "modalKit.errors.modalClosed")).toBe("Modal closed");
    expect(lookup(enUS, "modalKit.errors.signatureDeclined")).toBe("Signature declined");
    expect(lookup(enUS, "modalKit.errors.httpStatus")).toBe("HTTP status code: {{status}}");
    expect(lookup(enUS, "modalKit.errors.tokenBalanceUnavailable")).toBe("Token Balance Unavailable");
    expect(lookup(enUS, "modalKit.errors.fetchTransactions")).toBe("Failed to fetch transactions");
    expect(lookup(enUS, "modalKit.errors.sendAmountAndReceiver")).toBe("An amount and receiver address are required");
    expect(lookup(enUS, "modalKit.errors.sendTokenRequired")).toBe("A token is required");
    expect(lookup(enUS, "modalKit.errors.unsupportedChain")).toBe("Unsupported chain");
    expect(lookup(enUS, "modalKit.errors.registerName")).toBe("Error registering name {{name}}");
    expect(lookup(enUS, "modalKit.errors.nameSuggestions")).toBe("Error fetching name suggestions");
    expect(lookup(enUS, "modalKit.errors.namesForAddress")).toBe("Error fetching names for address");
  });
});
