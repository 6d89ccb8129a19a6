import { useEffect } from 'react';
import { takeFlash } from '../../lib/flash.ts';
import { useNotify } from './notify-context.ts';

/** Shows the message left before a full-page redirect (Logged Out, Session Expired). */
export function useFlashMessage(): void {
  const notify = useNotify();
  useEffect(() => {
    const flash = takeFlash();
    if (flash) notify[flash.kind](flash.key);
  }, [notify]);
}
