import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { afterNetworkQuiet } from '../../../lib/after-first-idle.ts';
import { appSession } from '../../../lib/auth/app-session.ts';

const RETRY_MS = 5_000;

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
    const connect = async () => {
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
            const data = /^data: (.*)$/m.exec(buffer.slice(0, end))?.[1];
            buffer = buffer.slice(end + 2);
            if (data) {
              setUnread((JSON.parse(data) as { unread: number }).unread);
              void client.invalidateQueries({ queryKey: ['inbox'] });
            }
          }
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      if (!controller.signal.aborted) retry = setTimeout(() => void connect(), RETRY_MS);
    };
    const cancelStart = afterNetworkQuiet(() => void connect());
    return () => { cancelStart(); controller.abort(); clearTimeout(retry); };
  }, [enabled, client]);
  return unread;
}
