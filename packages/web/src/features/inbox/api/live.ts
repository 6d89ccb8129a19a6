import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { afterNetworkQuiet } from '../../../lib/after-first-idle.ts';
import { appSession } from '../../../lib/auth/app-session.ts';

const RETRY_MS = 5_000;

/**
 * One server-sent event's fields that the badge uses: `unread` from its data, and the server's
 * reconnect hint (`retry:`, in ms), which it sends as it shuts down (another process takes over).
 */
export function readEvent(event: string): { unread?: number; retryMs?: number } {
  const data = /^data: (.*)$/m.exec(event)?.[1];
  const retry = /^retry: (\d+)$/m.exec(event)?.[1];
  return {
    ...(data && { unread: (JSON.parse(data) as { unread: number }).unread }),
    ...(retry && { retryMs: Number(retry) }),
  };
}

/**
 * The signed-in user's unread count, pushed by the server (server-sent events on
 * /api/v1/inbox/stream) as notifications arrive or are read: no polling. Read through fetch, since
 * EventSource cannot send the bearer token; reconnects after a dropped connection. The stream opens
 * once the page has loaded, gone idle and its network quiet: it never ends, so opened earlier it
 * would keep the network busy while the screen's own scripts and data load, and tools waiting for a
 * quiet network would never see one.
 */
export function useLiveUnread(enabled: boolean): number | null {
  const client = useQueryClient();
  const [unread, setUnread] = useState<number | null>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    let retryMs = RETRY_MS;
    const connect = async () => {
      retryMs = RETRY_MS;
      try {
        const token = appSession.token();
        const res = await fetch('/api/v1/inbox/stream', { headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) }, signal: controller.signal });
        if (!res.ok || !res.body) throw new Error(`inbox stream: ${res.status}`);
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const event = readEvent(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
            if (event.retryMs !== undefined) retryMs = event.retryMs;
            if (event.unread !== undefined) {
              setUnread(event.unread);
              void client.invalidateQueries({ queryKey: ['inbox'] });
            }
          }
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      if (!controller.signal.aborted) retry = setTimeout(() => void connect(), retryMs);
    };
    const cancelStart = afterNetworkQuiet(() => void connect());
    return () => { cancelStart(); controller.abort(); clearTimeout(retry); };
  }, [enabled, client]);
  return unread;
}
