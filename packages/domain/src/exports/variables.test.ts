import { describe, expect, it } from 'vitest';
import { INSTRUMENT_IDS } from '../instruments/registry.ts';
import { datasetParamsSchema } from './params.ts';
import { clinicalSectionVariables, datasetVariables, deviceDailyVariables, instrumentVariables, itemVariableName, variableName, wideName } from './variables.ts';

describe('dataset variables', () => {
  it('names variables in lower snake case', () => {
    expect(variableName('bodyWeight')).toBe('body_weight');
    expect(variableName('egfrCkdEpi2021')).toBe('egfr_ckd_epi2021');
    expect(variableName('phq9-1')).toBe('phq9_1');
    expect(variableName('profiling', 'backPain')).toBe('profiling_back_pain');
    expect(itemVariableName('rga', 'frail-1')).toBe('rga_frail_1');
    expect(itemVariableName('phq9', 'phq9-10')).toBe('phq9_10');
    expect(wideName('phq9_total', 2)).toBe('phq9_total_e2');
  });

  it('gives every variable a unique name of letters, digits and underscores', () => {
    const all = datasetVariables(datasetParamsSchema.parse({
      instruments: INSTRUMENT_IDS, clinicalSections: ['anthropometry', 'vitals', 'lifeHabits', 'hearing', 'labs', 'heart', 'ecg', 'balanceTests'],
    }));
    const names = all.map((v) => v.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z][a-z0-9_]*$/);
  });

  it('never has a variable for names, contacts or the exact birth date', () => {
    const names = datasetVariables(datasetParamsSchema.parse({ birth: 'year' })).map((v) => v.name);
    expect(names).toContain('birth_year');
    expect(names).not.toContain('age_band');
    for (const forbidden of ['first_name', 'last_name', 'email', 'phone', 'birth_date', 'contact_phone']) expect(names).not.toContain(forbidden);
    expect(datasetVariables(datasetParamsSchema.parse({})).map((v) => v.name)).toContain('age_band');
  });

  it('codes an instrument item with its allowed values and labels in the chosen language, and states the scoring rule on the scores', () => {
    const phq9 = instrumentVariables('phq9', 'it');
    const item = phq9.find((v) => v.name === 'phq9_1')!;
    expect(item).toMatchObject({ level: 'encounter', type: 'integer', instrument: 'phq9', item: 'phq9-1', scoringRule: null });
    expect(item.values).toEqual([
      { code: '0', label: 'Per niente' }, { code: '1', label: 'Alcuni giorni' }, { code: '2', label: 'Più della metà dei giorni' }, { code: '3', label: 'Quasi ogni giorno' },
    ]);
    const total = phq9.find((v) => v.name === 'phq9_total')!;
    expect(total.type).toBe('decimal');
    expect(total.scoringRule).toContain('da 0 a 27');
    const band = phq9.find((v) => v.name === 'phq9_band')!;
    expect(band.values.map((v) => v.code)).toEqual(['minimal', 'mild', 'moderate', 'moderately-severe', 'severe']);
    expect(band.scoringRule).toContain('Minima');
  });

  it('makes every score an instrument declares a variable: subscales with their type and label, sub-instruments as total and band, index values', () => {
    const hama = instrumentVariables('hama', 'it');
    expect(hama.find((v) => v.name === 'hama_psychic')).toMatchObject({ type: 'integer', label: 'Scala di Hamilton per l’ansia (HAM-A): Ansia psichica' });
    expect(instrumentVariables('rapa', 'en').find((v) => v.name === 'rapa_strength_flexibility')).toMatchObject({ type: 'integer', label: expect.stringContaining('Strength and flexibility') });
    expect(instrumentVariables('moca', 'fr').find((v) => v.name === 'moca_delayed_recall')?.label).toContain('Rappel différé');
    expect(instrumentVariables('mdpq', 'en').find((v) => v.name === 'mdpq_calendar')).toMatchObject({ type: 'decimal', label: expect.stringContaining('Calendar') });
    expect(instrumentVariables('abc', 'es').find((v) => v.name === 'abc_functional_level')).toMatchObject({
      type: 'string', values: [{ code: 'low', label: 'Funcionalidad baja' }, { code: 'moderate', label: 'Funcionalidad moderada' }, { code: 'high', label: 'Funcionalidad alta' }],
    });

    const rga = instrumentVariables('rga', 'en');
    expect(rga.map((v) => v.name).filter((n) => !/^rga_(frail|sarcf|snaq|rcs)_\d$/.test(n))).toEqual([
      'rga_frail_total', 'rga_frail_band', 'rga_sarcf_total', 'rga_sarcf_band', 'rga_snaq_total', 'rga_snaq_band', 'rga_rcs_total', 'rga_rcs_band',
    ]);
    expect(rga.find((v) => v.name === 'rga_sarcf_band')).toMatchObject({ label: 'Rapid Geriatric Assessment (RGA) – SARC-F (sarcopenia): band', values: [{ code: 'negative', label: 'Sarcopenia unlikely' }, { code: 'positive', label: 'Sarcopenia likely' }] });

    const eq5d = instrumentVariables('eq5d5l', 'en');
    expect(eq5d.filter((v) => v.item === null).map((v) => [v.name, v.type])).toEqual([
      ['eq5d5l_total', 'decimal'], ['eq5d5l_profile', 'string'], ['eq5d5l_level_sum_score', 'integer'],
      ...['fr', 'it', 'pt', 'es', 'en', 'uk_cw'].map((set) => [`eq5d5l_index_${set}`, 'decimal']),
    ]);
    expect(eq5d.filter((v) => v.name === 'eq5d5l_vas')).toMatchObject([{ item: 'eq5d5l-vas', type: 'integer' }]);
    expect(eq5d.find((v) => v.name === 'eq5d5l_index_uk_cw')?.label).toBe('EQ-5D-5L: Index, UK-CW value set');
  });

  it('leaves free-text items out and gives a timed item its measured value with a unit', () => {
    expect(instrumentVariables('psfs', 'en').every((v) => v.type !== 'string' || v.values.length > 0)).toBe(true);
    const fga = instrumentVariables('fga', 'en');
    expect(fga.find((v) => v.name === 'fga_1_seconds')).toMatchObject({ type: 'decimal', unit: 's', item: 'fga-1-seconds' });
  });

  it('gives a section its fields and the values computed from them, a blood pressure as two variables', () => {
    expect(clinicalSectionVariables(['anthropometry'], 'en').map((v) => v.name)).toEqual(['body_weight', 'body_height', 'waist_circumference', 'hip_circumference', 'bmi', 'waist_hip_ratio']);
    expect(clinicalSectionVariables(['labs'], 'en').map((v) => v.name)).toEqual(['hba1c', 'ldl', 'hdl', 'serum_creatinine', 'egfr_ckd_epi2009', 'egfr_ckd_epi2021']);
    const vitals = clinicalSectionVariables(['vitals'], 'fr');
    expect(vitals.map((v) => v.name)).toEqual(['heart_rate', 'blood_pressure_standing_systolic', 'blood_pressure_standing_diastolic', 'blood_pressure_supine_systolic', 'blood_pressure_supine_diastolic']);
    expect(vitals[1]).toMatchObject({ unit: 'mm[Hg]', type: 'integer', source: 'clinical:vitals' });
    expect(clinicalSectionVariables(['anthropometry'], 'en')[0]).toMatchObject({ unit: 'kg', type: 'decimal' });
    const smoker = clinicalSectionVariables(['lifeHabits'], 'es').find((v) => v.name === 'smoker_status')!;
    expect(smoker.values.map((v) => v.code)).toEqual(['never', 'former', 'current', 'unknown']);
  });
});

describe('device daily variables', () => {
  it('are the columns of the device table, its measurements coded by key', () => {
    const vars = deviceDailyVariables('pt');
    expect(vars.map((v) => v.name)).toEqual(['study_id', 'day', 'measurement', 'value', 'unit']);
    expect(vars.every((v) => v.level === 'device')).toBe(true);
    expect(vars[2]!.values.find((v) => v.code === 'steps')?.label).toBe('http://loinc.org|41950-7');
  });
});
