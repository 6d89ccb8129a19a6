import { sql } from 'kysely';
import { translate, type Language } from '@geria/domain';
import { AppError, type FieldProblem } from '../http/errors.ts';
import type { Executor } from './view.ts';

const FIELD_CODES = { username: 'accounts.rules.usernameTaken', email: 'accounts.rules.emailTaken' } as const;
const CONSTRAINT_FIELDS: Record<string, keyof typeof FIELD_CODES> = { app_user_username_key: 'username', app_user_email_key: 'email' };

function takenError(fields: (keyof typeof FIELD_CODES)[], lang: Language): AppError {
  const details: FieldProblem[] = fields.map((path) => ({ path, code: FIELD_CODES[path], message: translate(lang, FIELD_CODES[path]) }));
  return new AppError(409, FIELD_CODES[fields[0]], {}, details);
}

/** 409 naming every field (username, e-mail) that another account already uses, letter case ignored. */
export async function assertAvailable(db: Executor, wanted: { username?: string; email?: string }, lang: Language, exceptId?: string) {
  const taken: (keyof typeof FIELD_CODES)[] = [];
  for (const field of ['username', 'email'] as const) {
    const value = wanted[field];
    if (value === undefined) continue;
    let query = db.selectFrom('app_user').select('id').where(sql`lower(${sql.ref(field)})`, '=', value.trim().toLowerCase());
    if (exceptId) query = query.where('id', '!=', exceptId);
    if (await query.executeTakeFirst()) taken.push(field);
  }
  if (taken.length) throw takenError(taken, lang);
}

/** Whether a write failed on the unique username or e-mail of accounts (a concurrent claim). */
export function isAccountConflict(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
  return code === '23505' && Boolean(constraint && CONSTRAINT_FIELDS[constraint]);
}

/** Runs `write`; a concurrent claim of the same username or e-mail (unique violation) becomes the same 409. */
export async function withAccountConflicts<T>(lang: Language, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
    const field = constraint ? CONSTRAINT_FIELDS[constraint] : undefined;
    if (code === '23505' && field) throw takenError([field], lang);
    throw error;
  }
}
