import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../i18n/languages.ts';
import { hasMessage } from '../i18n/index.ts';
import { VALUE_SETS } from './observation-value-sets.ts';
import { RECRUITMENT_STATUSES } from './recruitment-status.ts';
import { STUDY_VALUE_SETS, studyValueSet } from './study-value-sets.ts';

describe('study value sets', () => {
  it("publishes every coded observation's answers and the recruitment statuses", () => {
    expect(STUDY_VALUE_SETS.map((v) => v.id)).toEqual([...Object.keys(VALUE_SETS), 'recruitmentStatus']);
    expect(studyValueSet('recruitmentStatus')!.expansion.contains.map((c) => c.code)).toEqual([...RECRUITMENT_STATUSES]);
    expect(studyValueSet('smokerStatus')!.compose.include).toEqual([expect.objectContaining({ system: 'http://snomed.info/sct' })]);
    expect(studyValueSet('gender')!.url).toBe('https://geria.example.org/fhir/ValueSet/gender');
  });

  it('names every option in the seven languages, from the catalogue', () => {
    for (const valueSet of STUDY_VALUE_SETS) {
      expect(valueSet.expansion.total).toBe(valueSet.expansion.contains.length);
      for (const c of valueSet.expansion.contains) {
        expect(c.designation.map((d) => d.language)).toEqual([...LANGUAGES]);
        // A missing translation falls back to the key itself, which is never a label.
        for (const d of c.designation) expect(hasMessage(d.value) || d.value.startsWith('rules.')).toBe(false);
      }
    }
    expect(studyValueSet('recruitmentStatus')!.expansion.contains[0].designation.find((d) => d.language === 'it')!.value).toBe('In attesa');
  });
});
