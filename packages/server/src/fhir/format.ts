import { FhirError, translatedIssue } from './outcome.ts';

/**
 * Content negotiation (FHIR R4 http §3.1.0.1.10): this server writes FHIR JSON only, so a request
 * asking for anything else, XML or Turtle, by `_format` or by `Accept`, is answered 406 instead of
 * JSON it did not ask for. `_format` wins over `Accept`, as the specification says.
 */
const JSON_TYPES = new Set(['application/fhir+json', 'application/json', 'application/json+fhir', 'application/*', '*/*']);
/** `_format` values that mean JSON: the short form and the MIME types. */
const JSON_FORMATS = new Set(['json', 'application/json', 'application/fhir+json', 'application/json+fhir']);

const mediaType = (item: string) => item.split(';')[0].trim().toLowerCase();
/** A media range with q=0 is one the client refuses. */
const refused = (item: string) => /;\s*q\s*=\s*0(?:\.0{0,3})?\s*(?:;|$)/i.test(item);

export function acceptsJson(accept: string | undefined, format: string | null): boolean {
  if (format !== null) return JSON_FORMATS.has(mediaType(format));
  if (accept === undefined || accept.trim() === '') return true;
  return accept.split(',').some((item) => !refused(item) && JSON_TYPES.has(mediaType(item)));
}

export const notAcceptable = () => new FhirError(406, [translatedIssue('not-supported', 'errors.fhirFormatNotAcceptable')]);

/** `_pretty=true`: the answer indented for people reading it. */
export const wantsPretty = (pretty: string | null) => pretty === 'true';
