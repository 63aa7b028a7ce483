/** Records grid constants of spec part 2 section 9. */
export const GRID = { blockSize: 100, blocksCached: 2, concurrentRequests: 2, minRowHeight: 25, headerHeight: 35 } as const;

export type Row = Record<string, unknown>;
export type FetchBlock = (skip: number, top: number) => Promise<{ data: Row[]; recordCount: number }>;

/**
 * Server pages for a virtual grid: blocks of 100 rows, the 2 most recently used kept, at most 2
 * requests at a time (later ones wait their turn). `reset` starts a new load (filters or sort
 * changed): answers to an older load are dropped.
 */
export class BlockCache {
  private blocks = new Map<number, Row[]>();
  private pending = new Map<number, Promise<void>>();
  private queue: Array<() => void> = [];
  private running = 0;
  private stamp = 0;
  recordCount: number | null = null;

  /** Which load this is (each `reset` starts the next one). */
  get loadNumber(): number {
    return this.stamp;
  }

  constructor(
    private fetchBlock: FetchBlock,
    private onChange: () => void,
  ) {}

  reset(fetchBlock: FetchBlock): void {
    this.fetchBlock = fetchBlock;
    this.blocks.clear();
    this.pending.clear();
    this.queue = [];
    this.recordCount = null;
    this.stamp += 1;
  }

  /** The row at an index, or undefined while its block is not loaded. */
  row(index: number): Row | undefined {
    const block = this.blocks.get(Math.floor(index / GRID.blockSize));
    return block?.[index % GRID.blockSize];
  }

  /** Loads the blocks covering rows `from` to `to` (inclusive), most recently used kept. */
  ensure(from: number, to: number): Promise<void> {
    const first = Math.floor(Math.max(0, from) / GRID.blockSize);
    const last = Math.floor(Math.max(0, to) / GRID.blockSize);
    const waits: Promise<void>[] = [];
    for (let b = first; b <= last; b++) {
      if (this.blocks.has(b)) {
        const rows = this.blocks.get(b)!;
        this.blocks.delete(b);
        this.blocks.set(b, rows); // most recently used last
      } else waits.push(this.load(b));
    }
    return Promise.all(waits).then(() => undefined);
  }

  private load(block: number): Promise<void> {
    const known = this.pending.get(block);
    if (known) return known;
    const stamp = this.stamp;
    const task = new Promise<void>((resolve, reject) => {
      const run = () => {
        this.running += 1;
        this.fetchBlock(block * GRID.blockSize, GRID.blockSize)
          .then((res) => {
            if (stamp !== this.stamp) return; // a newer load started: drop this answer
            this.recordCount = res.recordCount;
            this.blocks.set(block, res.data);
            while (this.blocks.size > GRID.blocksCached) this.blocks.delete(this.blocks.keys().next().value!);
            this.onChange();
          })
          .then(resolve, reject)
          .finally(() => {
            this.running -= 1;
            this.pending.delete(block);
            this.queue.shift()?.();
          });
      };
      if (this.running < GRID.concurrentRequests) run();
      else this.queue.push(run);
    });
    this.pending.set(block, task);
    return task;
  }

  /** Blocks held now (for tests and the debug view). */
  get cachedBlocks(): number[] {
    return [...this.blocks.keys()];
  }
}
