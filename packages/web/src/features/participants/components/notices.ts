import { ApiError } from '../../../lib/api-error.ts';
import { useNotify } from '../../../components/notify/notify-context.ts';

export type SectionKind = 'patient' | 'device' | 'identity' | 'medication' | 'supplement' | 'audiogram' | 'demographics' | 'recruitment';
type Outcome = 'created' | 'updated' | 'deleted';
const FAILURE: Record<Outcome, string> = { created: 'createError', updated: 'updateError', deleted: 'deleteError' };

/** A rule's own message (serial conflict, active id, duplicate e-mail …) says more than the generic failure. */
const SPECIFIC = /^(rules\.|participants\.errors\.|UPDATE\.)/;

/** Field-by-field problems of a 400 answer: path → message key. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return {};
  return Object.fromEntries((error.details as { path?: string; code?: string }[]).flatMap((d) => (d.path && d.code ? [[d.path, d.code]] : [])));
}

/** The success and failure messages of SPEC §8 for a section's writes. */
export function useSectionNotices(kind: SectionKind) {
  const notify = useNotify();
  return {
    done: (outcome: Outcome) => notify.success(`participants.messages.${kind}.${outcome}`),
    failed: (outcome: Outcome, error: unknown) => {
      if (error instanceof ApiError && SPECIFIC.test(error.code)) notify.error(error.code, { defaultValue: error.message });
      else notify.error(`participants.messages.${kind}.${FAILURE[outcome]}`);
    },
    loadFailed: () => `participants.messages.${kind}.loadError`,
  };
}
