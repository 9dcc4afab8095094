import { describe, expect, it } from "vitest";
import { hasReloadMarker, withoutReloadMarker } from "./reload-marker.ts";

describe("reload marker", () => {
  it("is a reloaded query parameter, with or without a value", () => {
    expect(hasReloadMarker("?reloaded=1")).toBe(true);
    expect(hasReloadMarker("?a=b&reloaded")).toBe(true);
    expect(hasReloadMarker("?reload=1")).toBe(false);
  });

  it("is removed while other parameters and the hash stay", () => {
    expect(withoutReloadMarker("http://x.test/contact?reloaded=1&a=b#top")).toBe("/contact?a=b#top");
    expect(withoutReloadMarker("http://x.test/?reloaded=1")).toBe("/");
  });
});
