import { parseRoles, type Role } from './roles.ts';
import { homePilot, isFrenchOrganisation, userOrganisationId, userPilots } from '../reference/user-organisation.ts';

/** The claims Geria reads from an access token (Keycloak-shaped, SPEC §3 "Authenticated user"). */
export interface TokenClaims {
  sub: string;
  given_name?: string;
  family_name?: string;
  preferred_username?: string;
  organisation?: string;
  realm_access?: { roles?: unknown[] };
}

export interface SessionUser {
  sub: string;
  username: string;
  givenName: string;
  familyName: string;
  fullName: string;
  organisation: string | null;
  organisationId: number | null;
  roles: Role[];
  pilots: { pilotid: number; name: string }[];
  homePilotId: number | null;
  isFrench: boolean;
}

/** What the app knows about the signed-in user, derived once from the token's claims. */
export function sessionUserFromClaims(claims: TokenClaims): SessionUser {
  const givenName = claims.given_name ?? '';
  const familyName = claims.family_name ?? '';
  const organisation = claims.organisation ?? null;
  return {
    sub: claims.sub,
    username: claims.preferred_username ?? claims.sub,
    givenName,
    familyName,
    fullName: [givenName, familyName].filter(Boolean).join(' ') || (claims.preferred_username ?? claims.sub),
    organisation,
    organisationId: userOrganisationId(organisation),
    roles: parseRoles(claims.realm_access?.roles),
    pilots: userPilots(organisation),
    homePilotId: homePilot(organisation)?.pilotid ?? null,
    isFrench: isFrenchOrganisation(organisation),
  };
}
