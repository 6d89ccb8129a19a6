import type { OperationOutcome, OperationOutcomeIssue } from '@medplum/fhirtypes';
import { translate, type Language } from '@geria/domain';

export type IssueCode = OperationOutcomeIssue['code'];
export type FhirStatus = 400 | 401 | 403 | 404 | 405 | 406 | 409 | 410 | 412 | 413 | 415 | 422 | 500 | 503;

export interface Issue {
  code: IssueCode;
  text: string;
  /** FHIRPath of the element concerned, e.g. `Observation.status` or `Bundle.entry[2].resource.subject`. */
  expression?: string;
  /** A message of the domain's catalogue, answered in the reader's language (`text` is its English). */
  message?: { key: string; params?: Record<string, unknown> };
}

/** A failure of a FHIR interaction, answered as an OperationOutcome with `status`. */
export class FhirError extends Error {
  constructor(readonly status: FhirStatus, readonly issues: Issue[]) {
    super(issues.map((i) => i.text).join('; '));
  }

  /** The same issues located in a Bundle entry: `Observation.status` becomes `Bundle.entry[3].resource.status`. */
  within(entry: string): FhirError {
    return new FhirError(this.status, this.issues.map((issue) => ({ ...issue, expression: inEntry(entry, issue.expression) })));
  }
}

function inEntry(entry: string, expression: string | undefined): string {
  if (!expression) return entry;
  if (expression.startsWith('Bundle.')) return expression;
  const dot = expression.indexOf('.');
  return `${entry}.resource${dot < 0 ? `.${expression}` : expression.slice(dot)}`;
}

const fail = (status: FhirStatus, code: IssueCode) => (text: string, expression?: string) =>
  new FhirError(status, [{ code, text, ...(expression && { expression }) }]);

export const invalid = fail(400, 'invalid');
export const notSupported = fail(400, 'not-supported');
export const notFound = fail(404, 'not-found');
export const gone = fail(410, 'deleted');
export const preconditionFailed = fail(412, 'conflict');
export const conflict = fail(409, 'conflict');
export const forbidden = fail(403, 'forbidden');
export const unprocessable = fail(422, 'processing');

/** An issue whose text the catalogue translates (`key`, with `params`). */
export const translatedIssue = (code: IssueCode, key: string, params?: Record<string, unknown>, expression?: string): Issue =>
  ({ code, text: translate('en', key, params), message: { key, params }, ...(expression && { expression }) });

/** A failure whose text the catalogue translates (`key`, with `params`). */
export const translatedError = (status: FhirStatus, code: IssueCode, key: string, params?: Record<string, unknown>, expression?: string) =>
  new FhirError(status, [translatedIssue(code, key, params, expression)]);

export function operationOutcome(issues: readonly Issue[], severity: 'error' | 'warning' | 'information' = 'error', language: Language = 'en'): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: issues.map((issue) => ({
      severity,
      code: issue.code,
      details: { text: issue.message ? translate(language, issue.message.key, issue.message.params) : issue.text },
      ...(issue.expression && { expression: [issue.expression] }),
    })),
  };
}

export const allOk = (text: string): OperationOutcome => operationOutcome([{ code: 'informational', text }], 'information');
