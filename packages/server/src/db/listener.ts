import type pg from 'pg';

/** First wait before listening again after the connection dropped; doubled after each failure, at most MAX_DELAY_MS. */
const FIRST_DELAY_MS = 100;
const MAX_DELAY_MS = 30_000;

export const reconnectDelay = (failures: number) => Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** failures);

export interface ListenOptions {
  /**
   * Called each time the LISTEN is back after its connection dropped: NOTIFYs sent meanwhile were
   * lost, so the listener re-reads whatever it keeps current.
   */
  onReconnect?: () => void;
  /** How a drop or a failed attempt is reported (the process must not crash on either). */
  warn?: (message: string) => void;
}

/**
 * A LISTEN on its own pooled connection that survives the connection: when PostgreSQL restarts or
 * an administrator ends the backend (pg_terminate_backend), the broken client is discarded and a
 * new one LISTENs again, retried with exponential backoff until it succeeds or the listener stops.
 * The first LISTEN is not retried: a server that cannot listen at start fails its start.
 */
export async function reconnectingListen(
  pool: pg.Pool, channel: string, onPayload: (payload: string) => void, options: ListenOptions = {},
): Promise<() => Promise<void>> {
  const name = `"${channel.replace(/"/g, '')}"`;
  const warn = options.warn ?? ((message: string) => process.emitWarning(message));
  let client: { c: pg.PoolClient; release(destroy: boolean): void } | undefined;
  let stopped = false;
  let reconnecting = false;

  /** Checks out a connection and LISTENs on it; a drop of that connection starts `reconnect`. */
  const connect = async () => {
    const c = await pool.connect();
    let released = false;
    const release = (destroy: boolean) => {
      if (released) return;
      released = true;
      c.off('error', lost).off('end', ended).off('notification', notified);
      // A destroyed client may still report its socket's end: an 'error' without a listener would crash the process.
      if (destroy) c.on('error', () => undefined);
      // `true` destroys the client instead of returning a broken connection to the pool.
      c.release(destroy);
    };
    const self = { c, release };
    function lost(error?: Error) {
      if (client !== self) { release(true); return; }
      client = undefined;
      release(true);
      warn(`PostgreSQL listener (${channel}) lost${error ? `: ${error.message}` : ''}`);
      if (!stopped) void reconnect();
    }
    const ended = () => lost();
    const notified = (n: pg.Notification) => { if (n.channel === channel) onPayload(n.payload ?? ''); };
    // A checked-out client has no pool listener: without these, a dropped connection would crash the process.
    c.on('error', lost).on('end', ended).on('notification', notified);
    try {
      await c.query(`listen ${name}`);
    } catch (error) {
      release(true);
      throw error;
    }
    if (stopped) { release(false); return; }
    client = self;
  };

  const reconnect = async () => {
    if (reconnecting) return;
    reconnecting = true;
    try {
      for (let failures = 0; !stopped; failures++) {
        await new Promise((resolve) => setTimeout(resolve, reconnectDelay(failures)).unref());
        if (stopped) return;
        try {
          await connect();
        } catch (error) {
          warn(`PostgreSQL listener (${channel}) reconnect failed: ${(error as Error).message}`);
          continue;
        }
        if (!stopped) options.onReconnect?.();
        return;
      }
    } finally {
      reconnecting = false;
      // The new connection may have dropped before this loop ended, when `lost` could not start another.
      if (!client && !stopped) void reconnect();
    }
  };

  await connect();
  return async () => {
    stopped = true;
    const current = client;
    client = undefined;
    if (current) {
      await current.c.query(`unlisten ${name}`).catch(() => undefined);
      current.release(false);
    }
  };
}
