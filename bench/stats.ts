// The figures every benchmark prints: percentiles of timings in milliseconds.

/** The p-th percentile (nearest rank) of `xs`; NaN when there are none. */
export const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.max(0, Math.ceil((xs.length * p) / 100) - 1))] : NaN);
export const median = (xs: number[]) => pct(xs, 50);
export const p95 = (xs: number[]) => pct(xs, 95);
export const ms = (x: number) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;
/** "median 12 ms (min 10, max 30, 7 runs)". */
export const fmt = (xs: number[]) => `median ${ms(median(xs))} (min ${ms(Math.min(...xs))}, max ${ms(Math.max(...xs))}, ${xs.length} runs)`;

/** Times `fn` `runs` times after one warm-up run. */
export async function timed(fn: () => Promise<unknown> | unknown, runs: number): Promise<number[]> {
  await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

/**
 * Times `a` and `b` `runs` times each after a warm-up of both, alternating which goes first, so a
 * change in the machine's load falls on both alike.
 */
export async function alternate(a: () => Promise<unknown>, b: () => Promise<unknown>, runs: number): Promise<[number[], number[]]> {
  await a();
  await b();
  const ta: number[] = [];
  const tb: number[] = [];
  const time = async (fn: () => Promise<unknown>, into: number[]) => {
    const t = performance.now();
    await fn();
    into.push(performance.now() - t);
  };
  for (let i = 0; i < runs; i++) {
    if (i % 2) {
      await time(b, tb);
      await time(a, ta);
    } else {
      await time(a, ta);
      await time(b, tb);
    }
  }
  return [ta, tb];
}
