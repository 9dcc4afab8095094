import { describe, expect, it } from "vitest";
import { chartBars } from "./chart-bars.ts";

describe("daily rewards chart layout", () => {
  it("draws bars proportional to the amounts on a baseline at the bottom", () => {
    const { bars, baseline } = chartBars(
      [
        { key: "a", value: 10n },
        { key: "b", value: 5n },
      ],
      200,
      100,
    );
    expect(baseline).toBe(100);
    expect(bars.map((bar) => [bar.x, bar.y, bar.width, bar.height])).toEqual([
      [2, 0, 96, 100],
      [102, 50, 96, 50],
    ]);
  });

  it("makes room below the baseline for a penalty", () => {
    const { bars, baseline } = chartBars(
      [
        { key: "a", value: 30n },
        { key: "b", value: -10n },
      ],
      100,
      100,
    );
    expect(baseline).toBe(75);
    expect(bars[1]).toMatchObject({ y: 75, height: 25, negative: true });
  });

  it("keeps zeros flat", () => {
    expect(chartBars([{ key: "a", value: 0n }], 100, 50).bars[0]).toMatchObject({ y: 50, height: 0 });
  });
});
