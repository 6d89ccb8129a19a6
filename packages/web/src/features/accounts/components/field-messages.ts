import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import {
  PASSPHRASE_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_KINDS, PASSWORD_MIN_LENGTH,
} from '@geria/domain/rules/registration.ts';
import { MESSAGES_NS } from '../../../i18n/backend.ts';
import { ApiError } from '../../../lib/api-error.ts';

// The parameters of the account rules' messages (a form's zod error keeps only the key).
export const RULE_PARAMS = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH, kinds: PASSWORD_MIN_KINDS, length: PASSPHRASE_LENGTH };

/** The text of a field error: a catalogue key from the domain rules, or a generic message. */
export function useFieldMessage() {
  const { t } = useTranslation(MESSAGES_NS);
  return useCallback((message?: string) => {
    if (!message) return undefined;
    return message.includes('.') ? t(message, RULE_PARAMS) : t('validation.invalid');
  }, [t]);
}

const fieldProblems = (error: unknown): { path: string; code: string }[] =>
  error instanceof ApiError && Array.isArray(error.details)
    ? error.details.filter((d): d is { path: string; code: string } => typeof d?.path === 'string' && typeof d?.code === 'string')
    : [];

/** Puts the server's field-by-field problems on the form's fields; true when there were some. */
export function applyServerProblems<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly string[]): boolean {
  const problems = fieldProblems(error).filter((p) => fields.includes(p.path));
  for (const problem of problems) setError(problem.path as Path<T>, { type: 'server', message: problem.code });
  return problems.length > 0;
}
