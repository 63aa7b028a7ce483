import { ApiError } from '../http/errors';
import type { PasswordHasher } from './password';

/** The answer when more sign-ins wait than the queue holds: a 503 the client may retry after a second. */
export class HashQueueFull extends ApiError {
  constructor() {
    super(503, 'Too many sign-ins at this moment. Try again in a few seconds.');
  }
}

/**
 * Password hashing runs in libuv's threads, off the event loop, but each hash takes a core for
 * about 110 ms. Unbounded, fifty sign-ins at once take both cores and every other request waits
 * behind them; here at most `concurrency` hashes run at a time (one core of two stays with the
 * API) and at most `maxWaiting` wait: past that a sign-in is refused at once with a 503, so a
 * flood of sign-ins costs the attacker, not the other users.
 */
export class HashQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw new HashQueueFull();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line (running stays the same), or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  get depth(): number {
    return this.waiting.length;
  }
}

/** A hasher whose every hash and check takes its turn in `queue`. */
export const queuedHasher = (inner: PasswordHasher, queue: HashQueue): PasswordHasher => ({
  hash: (password) => queue.run(() => inner.hash(password)),
  verify: (password, stored) => queue.run(() => inner.verify(password, stored)),
  needsRehash: inner.needsRehash,
});
