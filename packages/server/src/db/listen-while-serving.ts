import type { FastifyInstance } from 'fastify';
import type { Db } from './connection.ts';

/**
 * LISTENs on `channel` for as long as `app` serves: from its onReady to its onClose. How every
 * process hears what another one changed (NOTIFY after commit); `onReconnect` re-reads whatever the
 * notices keep current, since those sent while the LISTEN was down are lost.
 */
export function listenWhileServing(app: FastifyInstance, db: Db, channel: string, onPayload: (payload: string) => void, onReconnect: () => void) {
  let unlisten: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    unlisten = await db.listen(channel, onPayload, { onReconnect, warn: (message) => app.log.warn(message) });
  });
  app.addHook('onClose', async () => { await unlisten?.(); });
}
