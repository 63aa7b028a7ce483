/** A small seeded PRNG (mulberry32): the same seed gives the same sequence on every machine. */
export class Random {
  /** Where the sequence stands: setting a state saved earlier replays the draws from there. */
  state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** Roughly normal (sum of three uniforms), mean 0, sd about 1. */
  normal(): number {
    return (this.next() + this.next() + this.next() - 1.5) * 2;
  }
}
