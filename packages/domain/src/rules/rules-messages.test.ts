import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasMessage, LANGUAGES, type MessageTree } from '../i18n/index.ts';
import en from '../i18n/locales/en/rules.json' with { type: 'json' };
import it_ from '../i18n/locales/it/rules.json' with { type: 'json' };
import pt from '../i18n/locales/pt/rules.json' with { type: 'json' };
import fr from '../i18n/locales/fr/rules.json' with { type: 'json' };
import es from '../i18n/locales/es/rules.json' with { type: 'json' };
import el from '../i18n/locales/el/rules.json' with { type: 'json' };
import ro from '../i18n/locales/ro/rules.json' with { type: 'json' };
import { BALANCE_REASONS, BALANCE_SYMPTOMS, balanceReasonKey, balanceSymptomLabelKey } from './balance-eligibility.ts';
import { inactivityLabelKey } from './clinical-calculations.ts';
import { OBSERVATION_KEYS, observationLabelKey, VALUE_SETS } from './observation-codes.ts';
import { RECRUITMENT_STATUSES, recruitmentStatusLabelKey } from './recruitment.ts';

const files: Record<string, MessageTree> = { en, it: it_, pt, fr, es, el, ro };

function flatten(tree: MessageTree, prefix = ''): Record<string, string> {
  return Object.fromEntries(Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value]] : Object.entries(flatten(value, `${prefix}${key}.`))));
}
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

const english = flatten(en);
/** Names that read the same in several languages: test names and lab abbreviations kept in English by clinicians. */
const SAME_AS_ENGLISH = /^rules\.(observationCodes\.items\.(timedUpAndGo|hba1c|egfrCkdEpi2009|egfrCkdEpi2021|heartScore)|options\.gender\.transgender)$/;

describe('rules.json', () => {
  it('exists in all seven languages', () => {
    expect(Object.keys(files).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES.filter((lang) => lang !== 'en'))('%s has exactly the English keys and placeholders', (lang) => {
    const translated = flatten(files[lang]);
    expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(translated)) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(english[key]));
    }
  });

  it.each(LANGUAGES.filter((lang) => lang !== 'en'))('%s is translated, not copied from English', (lang) => {
    const copied = Object.entries(flatten(files[lang]))
      .filter(([key, text]) => text === english[key] && !SAME_AS_ENGLISH.test(key))
      .map(([key]) => key);
    expect(copied).toEqual([]);
  });
});

describe('every key the rules use is in the catalogue', () => {
  const sources = readdirSync(import.meta.dirname).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
  const literalKeys = [...new Set(sources.flatMap((name) =>
    [...readFileSync(`${import.meta.dirname}/${name}`, 'utf8').matchAll(/'((?:rules|UPDATE)\.[\w.]+)'/g)].map((match) => match[1])))];

  it('finds the literal keys of the rule sources', () => {
    expect(literalKeys.length).toBeGreaterThan(40);
  });

  it.each(literalKeys)('%s', (key) => {
    expect(hasMessage(key)).toBe(true);
  });

  it('has the labels built from keys', () => {
    const built = [
      ...RECRUITMENT_STATUSES.map(recruitmentStatusLabelKey),
      ...BALANCE_REASONS.map(balanceReasonKey),
      ...BALANCE_SYMPTOMS.map(balanceSymptomLabelKey),
      ...OBSERVATION_KEYS.map(observationLabelKey), observationLabelKey('systolic'), observationLabelKey('diastolic'),
      ...Object.values(VALUE_SETS).flatMap((options) => options.map((option) => option.labelKey)),
      ...(['green', 'amber', 'red', 'No Info'] as const).map(inactivityLabelKey),
    ];
    expect(built.filter((key) => !hasMessage(key))).toEqual([]);
  });
});
