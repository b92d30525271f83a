import { basename, dirname, resolve } from "node:path";
import { performance } from "node:perf_hooks";

export interface Sample {
  name: string;
  /** Milliseconds per operation. */
  median: number;
  p99: number;
  runs: number;
}

export interface MeasureOptions {
  iterations?: number;
  warmup?: number;
  /** Operations per timed sample, for operations far shorter than the timer's resolution. */
  batch?: number;
}

/** Times `fn` repeatedly and returns per-operation median and p99 in milliseconds. */
export async function measure(
  name: string,
  fn: () => unknown,
  { iterations = 200, warmup = 20, batch = 1 }: MeasureOptions = {},
): Promise<Sample> {
  for (let i = 0; i < warmup; i++) for (let b = 0; b < batch; b++) await fn();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    for (let b = 0; b < batch; b++) await fn();
    times.push((performance.now() - start) / batch);
  }
  return { name, ...summarise(times), runs: iterations };
}

/**
 * Median of medians over interleaved rounds: each round measures every case once, so a noisy
 * moment on a shared machine hits all of them alike.
 */
export async function interleaved(
  cases: Array<[string, () => Promise<unknown> | unknown]>,
  {
    rounds = 5,
    iterations = 200,
    warmup = 20,
  }: { rounds?: number; iterations?: number; warmup?: number } = {},
): Promise<Sample[]> {
  const runs = new Map<string, Sample[]>(cases.map(([name]) => [name, []]));
  for (let round = 0; round < rounds; round++)
    for (const [name, fn] of cases) runs.get(name)?.push(await measure(name, fn, { iterations, warmup }));
  const mid = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
  return cases.map(([name]): Sample => {
    const samples = runs.get(name) ?? [];
    return {
      name,
      median: mid(samples.map((s) => s.median)),
      p99: mid(samples.map((s) => s.p99)),
      runs: rounds * iterations,
    };
  });
}

/** Median and p99 of a list of durations (ms). */
export function summarise(times: number[]): { median: number; p99: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { median: at(0.5), p99: at(0.99) };
}

function formatMs(ms: number): string {
  if (ms < 0.01) return `${(ms * 1000).toFixed(3)} µs`;
  if (ms < 1) return `${(ms * 1000).toFixed(1)} µs`;
  return `${ms.toFixed(2)} ms`;
}

/** Prints a titled table of samples, each with its ratio to the first (the baseline). */
export function report(title: string, samples: Sample[], notes: string[] = []): void {
  const baseline = samples[0];
  console.log(`\n## ${title}`);
  for (const s of samples) {
    const ratio = baseline && baseline !== s ? `  ×${(s.median / baseline.median).toFixed(2)} baseline` : "";
    console.log(
      `  ${s.name.padEnd(48)} median ${formatMs(s.median).padStart(10)}   p99 ${formatMs(s.p99).padStart(10)}${ratio}`,
    );
  }
  for (const note of notes) console.log(`  ${note}`);
}

/**
 * Other builds to measure beside this one, from an environment variable: one or more dist/main.js
 * paths separated by commas, each in a checkout whose run script gives its Node flags. Each is
 * named after its checkout's folder, so one run can hold, say, main's build and this build run
 * with other flags.
 */
export function baselineBuilds(variable: string): { name: string; mainJs: string }[] {
  return (process.env[variable] ?? "")
    .split(",")
    .filter(Boolean)
    .map((mainJs) => ({ name: `baseline ${basename(dirname(dirname(resolve(mainJs))))}`, mainJs }));
}
