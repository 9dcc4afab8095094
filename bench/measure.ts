/** A benchmark's outcome: a ratio to a baseline measured in the same run, never an absolute time budget. */
export interface BenchResult {
  readonly name: string;
  readonly baselineName: string;
  readonly baselineMs: number;
  readonly measuredMs: number;
  readonly ratio: number;
  /** The ratio the issue asks for, reported against, never asserted. */
  readonly goal: number;
  /** True for throughput-like figures, where the goal is a floor rather than a ceiling. */
  readonly higherIsBetter?: boolean;
  /** Unit of measuredMs and baselineMs when they are not milliseconds (" KB"). */
  readonly unit?: string;
  readonly notes: string;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
