import { tooManyRequests } from '../../http/errors';

/** Imports running in this process: each takes a core to parse its file while it runs. */
let running = 0;

/** Takes an import slot, or refuses with a 429 when `parallel` imports run here; the caller releases it once. */
export function takeImportSlot(parallel: number): () => void {
  if (running >= parallel) throw tooManyRequests(`The server is importing ${parallel} file${parallel === 1 ? '' : 's'} already. Try again in a few minutes.`, 30);
  running++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    running--;
  };
}
