import pg from 'pg';

/** How long a lost LISTEN connection waits before it connects again (the timer poll covers the gap). */
const RECONNECT_MS = 1000;

/**
 * LISTEN cx_changes on a connection of its own: each notification (sent at a capturing commit, design
 * §2) calls `onChange`, so the replica polls within milliseconds rather than at its next tick. A lost
 * connection is opened again; until then the timer poll keeps the replica moving. Returns the stop.
 */
export function listenForChanges(url: string, onChange: () => void): () => Promise<void> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    client = c;
    let lost = false;
    const reconnect = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (client === c) client = null;
      c.end().catch(() => undefined);
      if (stopped) return;
      if (error) console.warn(`The replica's LISTEN connection was lost (${error.message}); it reconnects in ${RECONNECT_MS} ms.`);
      retry = setTimeout(() => void connect(), RECONNECT_MS);
    };
    c.on('error', reconnect);
    c.on('end', () => reconnect());
    c.on('notification', () => onChange());
    try {
      await c.connect();
      await c.query('LISTEN cx_changes');
      if (stopped) await c.end();
      // Changes made while it was away: one poll at once.
      else onChange();
    } catch (error) {
      reconnect(error as Error);
    }
  };
  void connect();

  return async () => {
    stopped = true;
    clearTimeout(retry);
    await (client as pg.Client | null)?.end().catch(() => undefined);
  };
}
