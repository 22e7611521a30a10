/** A figure measured in several runs: the median run, the slowest, and every run (ms). */
export interface Runs {
  medianMs: number;
  maxMs: number;
  runs: number[];
}

export function summarizeRuns(runs: number[]): Runs {
  const sorted = [...runs].sort((a, b) => a - b);
  return { medianMs: sorted[Math.floor(sorted.length / 2)]!, maxMs: sorted.at(-1)!, runs };
}
