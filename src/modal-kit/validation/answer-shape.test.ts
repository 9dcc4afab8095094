import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { random, WEIRD_STRINGS } from "../../../tests/support/fuzz-inputs.ts";
import {
  allowedOriginsResponse,
  analyticsConfigResponse,
  remoteFeaturesSchema,
} from "../../core/api/blockchain-api.ts";
import { walletCatalogue } from "../../core/wallet-catalogue/wallet-catalogue.ts";
import { decodeGetWalletsResponse } from "../catalogue/wallet-listing.ts";
import { decodeAllowedOrigins, decodeAnalyticsEnabled, decodeRemoteFeatures } from "../features/settings-client.ts";
import { AnswerShapeError } from "./answer-shape.ts";

/** The contract of appkit/v1/config as the kit reads it: the server's schema with every flag optional. */
const remoteContract = z.object({ features: z.partial(remoteFeaturesSchema) });

/** What a read gives: its value, or "refused" (any error). */
const outcome = (read: () => unknown): unknown => {
  try {
    return read();
  } catch {
    return "refused";
  }
};
const refusal = (read: () => unknown): string => {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(AnswerShapeError);
    return (error as Error).message;
  }
  return "accepted";
};

/** Seeded odd answers around the settings' shapes: wrong types, missing keys, extra keys. */
function settingsAnswers(seed: number): unknown[] {
  const rng = random(seed);
  const odd = (): unknown =>
    rng.pick<unknown>([undefined, null, true, false, 0, 1.5, [], {}, ["x"], [1], ...WEIRD_STRINGS]);
  const answers: unknown[] = [null, 1, "<html>", [], {}];
  for (let index = 0; index < 300; index += 1) {
    const features: Record<string, unknown> = {};
    for (const key of ["swaps", "onramp", "email", "socials", "activity", "reownBranding", "extra"])
      if (rng.next() < 0.6)
        features[key] =
          rng.next() < 0.6 ? (key === "socials" ? rng.pick([false, ["google", "x"], []]) : rng.next() < 0.5) : odd();
    answers.push(
      { features: rng.next() < 0.9 ? features : odd(), other: odd() },
      {
        allowedOrigins:
          rng.next() < 0.5 ? ["https://a.example", odd()].slice(0, 1 + Math.floor(rng.next() * 2)) : odd(),
      },
      { isAnalyticsEnabled: rng.next() < 0.5 ? rng.next() < 0.5 : odd(), extra: odd() },
    );
  }
  return answers;
}

describe("the modal's zod-free reads of its settings hold to the blockchain API's contract", () => {
  const answers = settingsAnswers(30);

  it("accepts, refuses and returns exactly what the zod contract does (900 seeded answers)", () => {
    for (const answer of answers) {
      expect(
        outcome(() => decodeRemoteFeatures(answer)),
        JSON.stringify(answer),
      ).toEqual(outcome(() => remoteContract.parse(answer).features));
      expect(
        outcome(() => decodeAllowedOrigins(answer)),
        JSON.stringify(answer),
      ).toEqual(outcome(() => allowedOriginsResponse.parse(answer).allowedOrigins));
      expect(
        outcome(() => decodeAnalyticsEnabled(answer)),
        JSON.stringify(answer),
      ).toEqual(outcome(() => analyticsConfigResponse.parse(answer).isAnalyticsEnabled));
    }
    // The seeds cover both sides of each read.
    expect(
      answers.filter((answer) => outcome(() => decodeRemoteFeatures(answer)) !== "refused").length,
    ).toBeGreaterThan(50);
    expect(
      answers.filter((answer) => outcome(() => decodeAllowedOrigins(answer)) !== "refused").length,
    ).toBeGreaterThan(50);
  });

  it("keeps only the flags the server sent and names the field it refuses", () => {
    expect(decodeRemoteFeatures({ features: { swaps: false, socials: false, extra: 1 } })).toEqual({
      swaps: false,
      socials: false,
    });
    expect(refusal(() => decodeRemoteFeatures({ features: { email: "yes" } }))).toBe(
      "Unexpected answer to GET appkit/v1/config: features.email expected true or false",
    );
    expect(refusal(() => decodeRemoteFeatures({ features: { socials: ["google", 3] } }))).toBe(
      "Unexpected answer to GET appkit/v1/config: features.socials.1 expected a string",
    );
    expect(refusal(() => decodeAllowedOrigins("<html>"))).toBe(
      "Unexpected answer to GET projects/v1/origins: (root) expected an object",
    );
  });
});

describe("the modal's zod-free read of a GET /getWallets page", () => {
  it("reads the catalogue's own wallets as they are", () => {
    const page = decodeGetWalletsResponse({ data: walletCatalogue, count: walletCatalogue.length });
    expect(page.data).toEqual(walletCatalogue);
    expect(page.count).toBe(walletCatalogue.length);
  });

  it("drops unknown keys and keeps nulls the wallet list API may send", () => {
    expect(
      decodeGetWalletsResponse({
        data: [{ id: "a", name: "A", rdns: null, chains: null, image_id: "i", order: 3 }],
        count: 0,
        extra: true,
      }),
    ).toEqual({ data: [{ id: "a", name: "A", rdns: null, chains: null, image_id: "i" }], count: 0 });
  });

  it.each([
    ["an HTML page", "<html>", "(root) expected an object"],
    ["no list", { count: 1 }, "data expected an array"],
    ["an empty id", { data: [{ id: "", name: "A" }], count: 1 }, "data.0.id expected at least 1 character(s)"],
    ["a missing name", { data: [{ id: "a" }], count: 1 }, "data.0.name expected a string"],
    [
      "a numeric link",
      { data: [{ id: "a", name: "A", mobile_link: 1 }], count: 1 },
      "data.0.mobile_link expected a string",
    ],
    [
      "chains not a list",
      { data: [{ id: "a", name: "A", chains: "eip155" }], count: 1 },
      "data.0.chains expected an array",
    ],
    ["a fractional count", { data: [], count: 1.5 }, "count expected a whole number from 0"],
    ["a negative count", { data: [], count: -1 }, "count expected a whole number from 0"],
    ["a count as text", { data: [], count: "3" }, "count expected a whole number from 0"],
  ])("refuses %s, naming the field", (_name, answer, problem) => {
    expect(refusal(() => decodeGetWalletsResponse(answer))).toBe(`Unexpected answer to GET getWallets: ${problem}`);
  });
});
