import { tooManyRequests } from '../http/errors';

/** Previews running in this process, by user: parsing a file takes a core, so each user runs one at a time. */
const running = new Map<string, number>();
let total = 0;

/**
 * Takes a preview slot for `userId`, or refuses with a 429: one preview per user, `parallel` in all.
 * The caller releases it when the preview ends, however it ends.
 */
export function takePreviewSlot(userId: string, parallel: number): () => void {
  if (running.has(userId)) throw tooManyRequests('A preview of yours is still running. Wait for it to finish, then try again.', 5);
  if (total >= parallel) throw tooManyRequests(`The server is reading ${parallel} files already. Try again in a moment.`, 5);
  running.set(userId, 1);
  total++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    running.delete(userId);
    total--;
  };
}
