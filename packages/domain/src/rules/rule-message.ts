import { z } from 'zod';
import { translate } from '../i18n/index.ts';
import type { Language } from '../i18n/languages.ts';

/**
 * What a rule says to a user: a message key of the catalogue and its parameters, never English
 * text. `refs` are parameters that are themselves message keys (e.g. a field label), translated
 * before interpolation so the whole sentence is in one language.
 */
export interface RuleMessage {
  code: string;
  params?: Record<string, string | number>;
  refs?: Record<string, string>;
}

export type RuleCheck = { ok: true } | ({ ok: false } & RuleMessage);

export const passed: RuleCheck = { ok: true };

export function failed(message: RuleMessage): RuleCheck {
  return { ok: false, ...message };
}

/** The first failing message of a list of checks, or a pass. */
export function firstFailure(messages: readonly (RuleMessage | null)[]): RuleCheck {
  const found = messages.find((message) => message !== null);
  return found ? failed(found) : passed;
}

export function renderRuleMessage(lang: Language, message: RuleMessage): string {
  const refs = Object.fromEntries(
    Object.entries(message.refs ?? {}).map(([name, key]) => [name, translate(lang, key)]),
  );
  return translate(lang, message.code, { ...message.params, ...refs });
}

/** A RuleMessage as answers carry it (inbox, rule checks). */
export const ruleMessageSchema = z.object({
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  refs: z.record(z.string(), z.string()).optional(),
});

/** A RuleCheck as answers carry it (the gates of the patient pages). */
export const ruleCheckSchema = z.union([z.object({ ok: z.literal(true) }), ruleMessageSchema.extend({ ok: z.literal(false) })]);
