import { describe, expect, it } from 'vitest';
import { participantsCsv } from './csv.ts';

const row = {
  id: '0b6c7a52-1111-4222-8333-444455556666', createdBy: 'test-ccm', fullName: '=HYPERLINK("x") "Nick", Jr', last_updated: '2026-11-20T10:00:00.000Z',
  recruitment: 1, smart4HealthID: 'S4H-1', sesaramID: null, holobalanceID: null, lastDeviceUse: '2026-11-10T10:00:00.000Z',
};

describe('participants CSV', () => {
  it('neutralises formulas and quotes cells with commas or quotes', () => {
    const [, line] = participantsCsv([row], 'en', new Date('2026-11-20T12:00:00Z')).split('\r\n');
    expect(line).toBe(`${row.id},test-ccm,"'=HYPERLINK(""x"") ""Nick"", Jr",2026-11-20T10:00:00.000Z,Accepted,S4H-1,,,10,Not used for 3 to 12 days`);
  });

  it('starts with a byte-order mark so spreadsheets read UTF-8', () => {
    expect(participantsCsv([], 'el', new Date()).startsWith('\uFEFFΑναγνωριστικό,')).toBe(true);
  });
});
