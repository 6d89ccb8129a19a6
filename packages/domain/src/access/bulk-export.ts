import type { IntegrationPermission } from './integration-permissions.ts';
import { hasAnyRole, type Role } from './roles.ts';

/**
 * FHIR Bulk Data Access (HL7 Bulk Data Access IG v2, `$export`): who may export, and the kick-off's
 * parameters. The server runs the export as a job (fhir/bulk); these rules decide before it starts.
 */

/** The analysis roles: the people who take the study's data out for analysis. */
export const BULK_EXPORT_ROLES: readonly Role[] = ['ClinicalExpert', 'Tester'];

/**
 * Whether a caller may start (and follow) a bulk export: a person with an analysis role, or an
 * integration client holding `fhir.bulk-export` (a client's role alone never suffices).
 */
export function mayBulkExport(caller: { roles: readonly Role[]; client?: { permissions: readonly IntegrationPermission[] } }): boolean {
  return caller.client ? caller.client.permissions.includes('fhir.bulk-export') : hasAnyRole(caller.roles, BULK_EXPORT_ROLES);
}

/** The output formats the IG names for NDJSON; the first is how the manifest states it. */
export const BULK_OUTPUT_FORMATS = ['application/fhir+ndjson', 'application/ndjson', 'ndjson'] as const;

/** How long a finished export's files stay downloadable; the job and its files are deleted after. */
export const BULK_EXPORT_RETENTION_HOURS = 24;

/** Resources per NDJSON file: a type with more is split over several files (the manifest lists each). */
export const BULK_FILE_RESOURCES = 10_000;

export interface BulkExportParameters {
  /** The types asked for (`_type`), once each in the order given; undefined = every type the caller may read. */
  types?: string[];
  /** Only resources changed after this instant (`_since`). */
  since?: Date;
}

export interface BulkParameterProblem {
  parameter: string;
  /** A message of the catalogue (messages/*), with its values. */
  key: string;
  params: Record<string, string>;
}

// A FHIR instant: a date and time to the second at least, with its zone (Z or ±hh:mm).
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Reads the kick-off's query: `_type` (comma-separated, may repeat), `_since` (an instant),
 * `_outputFormat` (an NDJSON name). `exportable` is every type this server exports. Anything else
 * (another parameter the IG names that this server does not offer, e.g. `_typeFilter`, or an unknown
 * one) is a problem: the IG lets a server refuse what it does not support, and a silent partial
 * export would mislead an analysis.
 */
export function parseBulkExportParameters(query: Iterable<[string, string]>, exportable: readonly string[]):
  { ok: true; value: BulkExportParameters } | { ok: false; problems: BulkParameterProblem[] } {
  const problems: BulkParameterProblem[] = [];
  const types: string[] = [];
  let since: Date | undefined;
  let typed = false;
  for (const [parameter, value] of query) {
    if (parameter === '_type') {
      typed = true;
      for (const type of value.split(',').map((t) => t.trim())) {
        if (!exportable.includes(type)) problems.push({ parameter, key: 'errors.bulkExport.type', params: { type } });
        else if (!types.includes(type)) types.push(type);
      }
    } else if (parameter === '_since') {
      const at = INSTANT.test(value) ? new Date(value) : undefined;
      if (!at || Number.isNaN(at.getTime()) || since) problems.push({ parameter, key: 'errors.bulkExport.since', params: { value } });
      else since = at;
    } else if (parameter === '_outputFormat') {
      if (!(BULK_OUTPUT_FORMATS as readonly string[]).includes(value)) problems.push({ parameter, key: 'errors.bulkExport.format', params: { value, formats: BULK_OUTPUT_FORMATS.join(', ') } });
    } else {
      problems.push({ parameter, key: 'errors.bulkExport.parameter', params: { parameter } });
    }
  }
  if (problems.length) return { ok: false, problems };
  return { ok: true, value: { ...(typed && { types }), ...(since && { since }) } };
}

/** The `X-Progress` text of a running export (the IG leaves its form to the server): done of total resources. */
export function bulkProgressText(done: number, total: number): string {
  const percent = total > 0 ? Math.min(99, Math.floor((done / total) * 100)) : 0;
  return `${percent}% (${done} of ${total} resources)`;
}
