import { describe, expect, it } from 'vitest';
import { UPLOAD_KEY_SYSTEM, uploadKey, uploadKeySearch } from './upload-key.ts';

const SNOMED = 'http://snomed.info/sct';
const day = { start: '2026-11-20T00:00:00+01:00', end: '2026-11-20T23:59:59+01:00' };

describe('uploadKey', () => {
  it('names the participant, the code and the period, each part encoded', () => {
    expect(uploadKey({ participantId: 'p-1', coding: { system: SNOMED, code: '51093005' }, period: day }))
      .toBe('p-1/http%3A%2F%2Fsnomed.info%2Fsct/51093005/2026-11-20T00%3A00%3A00%2B01%3A00/2026-11-20T23%3A59%3A59%2B01%3A00');
  });

  it('differs when any part differs', () => {
    const base = { participantId: 'p-1', coding: { system: SNOMED, code: '51093005' }, period: day };
    const keys = new Set([
      uploadKey(base), uploadKey({ ...base, participantId: 'p-2' }), uploadKey({ ...base, coding: { system: SNOMED, code: '249858009' } }),
      uploadKey({ ...base, period: { ...day, start: '2026-11-21T00:00:00+01:00' } }), uploadKey({ ...base, period: { ...day, end: '2026-11-21T00:00:00+01:00' } }),
    ]);
    expect(keys.size).toBe(5);
  });

  it('is undefined without a coded code or a whole period', () => {
    const coding = { system: SNOMED, code: '51093005' };
    expect(uploadKey({ participantId: 'p', coding: undefined, period: day })).toBeUndefined();
    expect(uploadKey({ participantId: 'p', coding: { code: '51093005' }, period: day })).toBeUndefined();
    expect(uploadKey({ participantId: 'p', coding: { system: SNOMED, code: '' }, period: day })).toBeUndefined();
    expect(uploadKey({ participantId: 'p', coding, period: { start: day.start } })).toBeUndefined();
    expect(uploadKey({ participantId: 'p', coding, period: { start: day.start, end: 7 } })).toBeUndefined();
  });

  it('keeps search syntax out of the key, and its search decodes to system|key', () => {
    const key = uploadKey({ participantId: 'p', coding: { system: 'urn:x', code: 'a|b,c$d' }, period: day })!;
    expect(key).not.toMatch(/[|,$]/);
    expect(new URLSearchParams(uploadKeySearch(key)).get('identifier')).toBe(`${UPLOAD_KEY_SYSTEM}|${key}`);
  });
});
