import { createContext, useContext } from 'react';

export type NoticeParams = Record<string, unknown>;

/**
 * Messages any screen can raise. Keys are looked up in the 'messages' catalogue unless they name
 * their namespace (`shell:...`); params are i18next interpolation values (`defaultValue` is the
 * text shown when the key is unknown, e.g. an API error's message).
 */
export interface Notify {
  /** Transient message bar (3 s). */
  success(key: string, params?: NoticeParams): void;
  /** Transient message bar, error colours (3 s). */
  error(key: string, params?: NoticeParams): void;
  /** Persistent alert bar (60 s, closable). */
  alert(key: string, params?: NoticeParams): void;
}

export const NotifyContext = createContext<Notify | null>(null);

export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify must be used inside <NotifyProvider>');
  return notify;
}
