/**
 * The errors nothing handled while `fn` ran (uncaught exceptions and unhandled rejections): each
 * one would have ended a server run by `npm start` without its process guard.
 */
export async function uncaughtDuring(fn: () => Promise<void>): Promise<unknown[]> {
  const caught: unknown[] = [];
  const record = (error: unknown) => caught.push(error);
  process.on('uncaughtException', record);
  process.on('unhandledRejection', record);
  try {
    await fn();
  } finally {
    process.off('uncaughtException', record);
    process.off('unhandledRejection', record);
  }
  return caught;
}
