import { z } from 'zod';
import { LANGUAGES, ROLES } from '@geria/domain';

/** Answers of the system routes (routes.ts). */
export const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pg', 'pglite']) });
export const readinessSchema = z.object({ status: z.literal('ready') });

export const clientConfigSchema = z.object({
  issuer: z.string(),
  clientId: z.string(),
  scope: z.string(),
  defaultLanguage: z.enum(LANGUAGES),
});

/** The signed-in user (domain SessionUser). */
export const sessionUserSchema = z.object({
  sub: z.string(),
  username: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  fullName: z.string(),
  organisation: z.string().nullable(),
  organisationId: z.number().int().nullable(),
  roles: z.array(z.enum(ROLES)),
  pilots: z.array(z.object({ pilotid: z.number().int(), name: z.string() })),
  homePilotId: z.number().int().nullable(),
  isFrench: z.boolean(),
});
