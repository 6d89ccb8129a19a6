import { appSession } from './auth/app-session.ts';
import { createHttpClient } from './http.ts';

/** The health-data repository (`/fhir`): FHIR JSON, JSON Patch for PATCH, GET never cached. */
export const fhir = createHttpClient({
  baseUrl: '/fhir',
  auth: appSession,
  contentType: 'application/fhir+json',
  patchContentType: 'application/json-patch+json',
  getCache: 'no-store',
});
