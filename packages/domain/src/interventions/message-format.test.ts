import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/index.ts';
import { formatDay, formatReading, participantLabel, unitKey } from './message-format.ts';

describe('intervention message formats', () => {
  it('write a reading as the language writes numbers, a blood pressure as systolic/diastolic with a dash for a missing half', () => {
    expect(formatReading('it', 142.5)).toBe('142,5');
    expect(formatReading('en', 1234.567)).toBe('1,234.57');
    expect(formatReading('fr', [150, 95])).toBe('150/95');
    expect(formatReading('el', [null, 120])).toBe('–/120');
    expect(formatReading('en', null)).toBe('–');
  });

  it('write the reading\'s UTC day as the language writes dates', () => {
    expect(formatDay('it', '2026-11-28T23:30:00Z')).toBe('28 novembre 2026');
    expect(formatDay('en', '2026-11-28T00:10:00+01:00')).toBe('November 27, 2026');
    expect(formatDay('el', '2026-11-28T08:00:00Z')).toBe('28 Νοεμβρίου 2026');
  });

  it('label the units rules compare in every language, and leave others as sent', () => {
    expect(unitKey('/min')).toBe('interventions.units.perMinute');
    expect(unitKey('beats/minute')).toBe('interventions.units.perMinute');
    expect(unitKey('mm[Hg]')).toBe('interventions.units.mmHg');
    expect(unitKey('%')).toBeUndefined();
    expect(translate('it', unitKey('/min')!)).toBe('battiti/min');
    expect(translate('ro', unitKey('steps')!)).toBe('pași');
  });

  it('name a participant by name, with the study code when there is one', () => {
    expect(participantLabel({ firstName: 'Giulia', lastName: 'Bianchi', projectIdentifier: 'MIL-007' })).toBe('Giulia Bianchi (MIL-007)');
    expect(participantLabel({ firstName: 'Giulia', lastName: 'Bianchi', projectIdentifier: null })).toBe('Giulia Bianchi');
  });

  it('apply in catalogue messages as {{name, format}}, in the message\'s language', () => {
    const params = { rule: 'FC', reading: 142.5, unit: 'battiti/min', measuredAt: '2026-11-28T08:00:00Z' };
    expect(translate('it', 'interventions.notifications.firedReading', params)).toBe('Intervento "FC": 142,5 battiti/min, misurato il 28 novembre 2026.');
    expect(translate('en', 'interventions.notifications.firedReading', { ...params, unit: 'beats/min' })).toBe('Intervention "FC": 142.5 beats/min, measured on November 28, 2026.');
  });
});
