import { FRANCE_COUNTRY_ID } from './countries.ts';
import { ORGANISATIONS, type Organisation } from './organisations.ts';
import { TESTING_PILOT_ID } from './pilots.ts';

const BY_ABBR = new Map(ORGANISATIONS.map((o) => [o.abbr.toLowerCase(), o]));

/** Finds an organisation by its abbreviation (the `organisation` claim), case-insensitively. */
export function organisationByAbbr(abbr: string | undefined | null): Organisation | undefined {
  if (!abbr) return undefined;
  return BY_ABBR.get(abbr.trim().toLowerCase());
}

export const organisationById = (orgid: number): Organisation | undefined =>
  ORGANISATIONS.find((o) => o.orgid === orgid);

/** A user's pilots are those of their organisation (SPEC §6); `excludeTesting` drops the Testing pilot. */
export function userPilots(abbr: string | undefined | null, options: { excludeTesting?: boolean } = {}) {
  const pilots = organisationByAbbr(abbr)?.pilotids ?? [];
  return options.excludeTesting ? pilots.filter((p) => p.pilotid !== TESTING_PILOT_ID) : pilots;
}

/** The organisation id derived from the abbreviation, or null when the abbreviation is unknown. */
export const userOrganisationId = (abbr: string | undefined | null): number | null =>
  organisationByAbbr(abbr)?.orgid ?? null;

export const isFrenchOrganisation = (abbr: string | undefined | null): boolean =>
  organisationByAbbr(abbr)?.countryid === FRANCE_COUNTRY_ID;

/** The home dashboard's pilot: the first pilot of the organisation that is not the Testing pilot. */
export const homePilot = (abbr: string | undefined | null) => userPilots(abbr, { excludeTesting: true })[0] ?? null;
