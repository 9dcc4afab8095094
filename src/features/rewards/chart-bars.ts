/** One bar of the daily rewards chart, in the chart's own units (viewBox 0 0 width height). */
export interface ChartBar {
  readonly key: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly negative: boolean;
}

/**
 * Lays out one bar per value, left to right, on a baseline that leaves room below for negative days
 * (penalties). Heights are proportional to the amounts; a chart of zeros has flat bars on the baseline.
 */
export function chartBars(
  values: readonly { readonly key: string; readonly value: bigint }[],
  width: number,
  height: number,
): { readonly bars: ChartBar[]; readonly baseline: number } {
  // biome-ignore lint/complexity/useMathMinMax: bigint amounts (Math.max takes numbers)
  const max = values.reduce((top, { value }) => (value > top ? value : top), 0n);
  // biome-ignore lint/complexity/useMathMinMax: bigint amounts (Math.min takes numbers)
  const min = values.reduce((bottom, { value }) => (value < bottom ? value : bottom), 0n);
  const span = max - min;
  const scale = (amount: bigint) => (span === 0n ? 0 : Number((amount * 10_000n) / span) / 10_000);
  const baseline = span === 0n ? height : height * scale(max);
  const slot = values.length > 0 ? width / values.length : width;
  const gap = Math.min(4, slot * 0.2);
  const bars = values.map(({ key, value }, index) => {
    const size = Math.abs(scale(value)) * height;
    return {
      key,
      x: index * slot + gap / 2,
      y: value >= 0n ? baseline - size : baseline,
      width: slot - gap,
      height: size,
      negative: value < 0n,
    };
  });
  return { bars, baseline };
}
