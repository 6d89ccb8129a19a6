import { FLASH_KEYS, FLASH_STORAGE_KEY } from '@geria/domain';
import * as z from 'zod/mini';

/**
 * A message that must survive full-page redirects (logout → identity provider → login form,
 * session expiry → sign-in). Kept in sessionStorage so it stays with this tab only. The sign-in page
 * is rendered by the server, which writes the texts of FLASH_KEYS into it: only those keys, without
 * parameters, can be flashed.
 */
const flashSchema = z.object({
  kind: z.enum(['success', 'error', 'alert']),
  key: z.enum(FLASH_KEYS),
});
export type Flash = z.infer<typeof flashSchema>;

const FLASH_KEY = FLASH_STORAGE_KEY;

export function setFlash(flash: Flash, storage: Storage = window.sessionStorage): void {
  storage.setItem(FLASH_KEY, JSON.stringify(flash));
}

export function clearFlash(storage: Storage = window.sessionStorage): void {
  storage.removeItem(FLASH_KEY);
}

/** Returns the pending flash once, then forgets it. */
export function takeFlash(storage: Storage = window.sessionStorage): Flash | null {
  const raw = storage.getItem(FLASH_KEY);
  storage.removeItem(FLASH_KEY);
  if (!raw) return null;
  try {
    const parsed = flashSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
