import { describe, expect, it } from 'vitest';
import { questionnaireCanonical, toFhirQuestionnaire } from './fhir-questionnaire.ts';
import { dexterity } from './dexterity.ts';
import { sampleDef } from './sample-instrument.fixture.ts';

describe('toFhirQuestionnaire', () => {
  it('describes the instrument with a canonical url and version', () => {
    const q = toFhirQuestionnaire(dexterity);
    expect(q).toMatchObject({
      resourceType: 'Questionnaire',
      id: 'dexterity',
      url: 'https://geria.example.org/fhir/Questionnaire/dexterity',
      version: dexterity.version,
      name: 'DEXTERITY',
      title: 'Dexterity (HUI3)',
      status: 'active',
    });
    expect(q.copyright).toContain('Health Utilities');
    expect(questionnaireCanonical(dexterity)).toBe(`https://geria.example.org/fhir/Questionnaire/dexterity|${dexterity.version}`);
  });

  it('lists choice options as codings with their points and translations', () => {
    const [item] = toFhirQuestionnaire(dexterity).item;
    expect(item).toMatchObject({ linkId: 'dexterity-1', type: 'choice', required: true, text: 'Use of hands and fingers' });
    expect(item.answerOption).toHaveLength(6);
    const first = item.answerOption![0].valueCoding;
    expect(first.code).toBe('1');
    expect(first.extension).toEqual([{ url: 'http://hl7.org/fhir/StructureDefinition/ordinalValue', valueDecimal: 1 }]);
    const languages = first._display.extension.map((e) => e.extension![0].valueCode);
    expect(languages).toEqual(['it', 'pt', 'fr', 'es', 'el', 'ro']);
    expect(item._text.extension[0].extension![1].valueString).toBe('Uso delle mani e delle dita');
  });

  it('nests grouped items, keeps the others in order and carries bounds, length and help', () => {
    const q = toFhirQuestionnaire(sampleDef);
    expect(q.item.map((i) => [i.linkId, i.type])).toEqual([
      ['g1', 'group'], ['sample-3', 'integer'], ['sample-4', 'integer'], ['sample-5', 'decimal'], ['sample-6', 'string'],
    ]);
    expect(q.item[0].item!.map((i) => i.linkId)).toEqual(['sample-1', 'sample-2']);
    expect(q.item[1].extension).toEqual([
      { url: 'http://hl7.org/fhir/StructureDefinition/minValue', valueInteger: 0 },
      { url: 'http://hl7.org/fhir/StructureDefinition/maxValue', valueInteger: 100 },
    ]);
    expect(q.item[2].extension).toHaveLength(1);
    expect(q.item[3].extension![0]).toEqual({ url: 'http://hl7.org/fhir/StructureDefinition/minValue', valueDecimal: 0.5 });
    expect(q.item[4]).toMatchObject({ maxLength: 5, required: false, item: [{ linkId: 'sample-6-help', type: 'display' }] });
    expect(q.copyright).toBeUndefined();
  });
});
