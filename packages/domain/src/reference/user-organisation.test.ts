import { describe, expect, it } from 'vitest';
import { ORGANISATIONS } from './organisations.ts';
import { COUNTRIES } from './countries.ts';
import { PILOTS, TESTING_PILOT_ID } from './pilots.ts';
import { homePilot, isFrenchOrganisation, organisationByAbbr, userOrganisationId, userPilots } from './user-organisation.ts';

describe('organisations and pilots', () => {
  it('has about 43 organisations with unique ids and abbreviations', () => {
    expect(ORGANISATIONS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(ORGANISATIONS.map((o) => o.orgid)).size).toBe(ORGANISATIONS.length);
    expect(new Set(ORGANISATIONS.map((o) => o.abbr.toLowerCase())).size).toBe(ORGANISATIONS.length);
  });

  it('places every organisation in one of the ten countries and known pilots', () => {
    const pilotIds = PILOTS.map((p) => p.pilotid) as number[];
    for (const o of ORGANISATIONS) {
      expect(COUNTRIES.map((c) => c.countryid)).toContain(o.countryid);
      for (const p of o.pilotids) expect(pilotIds).toContain(p.pilotid);
    }
  });

  it('adds the Testing pilot to most organisations', () => {
    const withTesting = ORGANISATIONS.filter((o) => o.pilotids.some((p) => p.pilotid === TESTING_PILOT_ID));
    expect(withTesting.length / ORGANISATIONS.length).toBeGreaterThan(0.5);
  });

  it('gives a user the pilots of their organisation, found case-insensitively', () => {
    expect(userPilots('mil-ger').map((p) => p.pilotid)).toEqual([2, 7]);
    expect(userPilots('MIL-GER', { excludeTesting: true }).map((p) => p.pilotid)).toEqual([2]);
    expect(userPilots('NOPE')).toEqual([]);
    expect(userPilots(undefined)).toEqual([]);
  });

  it('derives the organisation id from the abbreviation', () => {
    expect(userOrganisationId('MIL-GER')).toBe(organisationByAbbr('MIL-GER')!.orgid);
    expect(userOrganisationId('unknown')).toBeNull();
  });

  it('flags French organisations', () => {
    expect(isFrenchOrganisation('PAR-GER')).toBe(true);
    expect(isFrenchOrganisation('MIL-GER')).toBe(false);
    expect(isFrenchOrganisation(null)).toBe(false);
  });

  it('uses the first pilot that is not the Testing pilot for the home dashboard', () => {
    expect(homePilot('ATH-GCC')?.pilotid).toBe(1);
    expect(homePilot('TEST')).toBeNull();
  });
});
