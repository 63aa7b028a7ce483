/** How long synchronous work runs before it gives the event loop a turn. */
const SLICE_MS = 10;

/** A turn of the event loop: requests and timers waiting are served before the caller goes on. */
export const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A check to call inside a long loop (learning a model reads tens of thousands of comments for
 * seconds): once SLICE_MS have passed it awaits a turn of the event loop, so requests, health checks
 * and the analytics replica's polls are served meanwhile instead of waiting seconds behind it.
 */
export function breather(): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < SLICE_MS) return undefined;
    return turn().then(() => {
      since = performance.now();
    });
  };
}

/** `items.map(fn)`, giving the event loop a turn every SLICE_MS. */
export async function mapInSlices<T, U>(items: readonly T[], fn: (item: T, index: number) => U): Promise<U[]> {
  const breathe = breather();
  const out: U[] = [];
  for (let i = 0; i < items.length; i++) {
    out.push(fn(items[i], i));
    const pause = breathe();
    if (pause) await pause;
  }
  return out;
}
