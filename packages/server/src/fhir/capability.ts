import type { CapabilityStatement, CapabilityStatementRestResource } from '@medplum/fhirtypes';
import { includesOf, revincludesOf } from './includes.ts';
import {
  BULK_EXPORT_RETENTION_HOURS, BULK_OUTPUT_FORMATS, HOLOBALANCE_COMPONENTS, HOLOBALANCE_SCORE, HOLOBALANCE_SESSION_CODE, HOLOBALANCE_SYSTEM,
} from '@geria/domain';
import type { OidcDiscovery } from '../auth/discovery.ts';
import { RESOURCE_TYPES, searchParams } from './resource-types.ts';
import { restSecurity } from './smart-configuration.ts';
import { READ_ONLY_TYPES } from './study-resources.ts';
import { readOnlySearchParams } from './study-resource-search.ts';

const INTERACTIONS = ['read', 'vread', 'update', 'patch', 'delete', 'history-instance', 'history-type', 'create', 'search-type'] as const;
const COMMON_PARAMS = new Set(['_id', '_lastUpdated', '_profile']);

/** The device data whose content the server checks beyond their structure (content-rules.ts), as an app's integrator needs to know them. */
const TYPE_DOCUMENTATION: Partial<Record<string, string>> = {
  Observation: `A HOLOBalance exercise session is code ${HOLOBALANCE_SYSTEM}|${HOLOBALANCE_SESSION_CODE} with an effectivePeriod (start and end) and, once each, `
    + `the components SNOMED CT ${Object.values(HOLOBALANCE_COMPONENTS).join(', ')} as valueSampledData (origin value, period > 0, dimensions 1, `
    + `readings from 0 within lowerLimit/upperLimit); its score is LOINC ${HOLOBALANCE_SCORE.code}, a valueQuantity ${HOLOBALANCE_SCORE.min}-${HOLOBALANCE_SCORE.max}. `
    + 'Anything else under those codes is refused with 422 naming the element.',
};

const READ_ONLY_DOCUMENTATION: Record<(typeof READ_ONLY_TYPES)[number], string> = {
  ValueSet: 'The study\'s option lists (genders, education, living situation, recruitment statuses ...), each option named in the seven languages (designations) and expanded; read only: writes answer 405',
  Organization: 'The study\'s reference data (Organization/<orgid>, ResearchStudy/geria), read only: writes answer 405',
  ResearchStudy: 'The study\'s reference data (Organization/<orgid>, ResearchStudy/geria), read only: writes answer 405',
  Group: 'Within the reader\'s organisation, one Group per pilot (Group/pilot-<pilotid>: its participants of that pilot) and, for the ClinicalExpert and Tester roles, '
    + 'one per analytic with a completed run (Group/analytic-<id>: the participants of its latest completed run); members are the participants whose data may be processed (GDPR). '
    + 'Built at each read, read only: writes answer 405',
};

/** FHIR Bulk Data Access IG v2 `$export` at the three levels (fhir/bulk). */
const BULK_DATA = 'http://hl7.org/fhir/uv/bulkdata';
const BULK_OPERATIONS = {
  system: { name: 'export', definition: `${BULK_DATA}/OperationDefinition/export` },
  patient: { name: 'export', definition: `${BULK_DATA}/OperationDefinition/patient-export` },
  group: { name: 'export', definition: `${BULK_DATA}/OperationDefinition/group-export` },
};
const BULK_DOCUMENTATION = ' Bulk Data export (FHIR Bulk Data Access IG v2): GET $export, Patient/$export and Group/<id>/$export with Prefer: respond-async, '
  + `for the ClinicalExpert and Tester roles and integration clients holding fhir.bulk-export; parameters _type, _since and _outputFormat (${BULK_OUTPUT_FORMATS.join(', ')}), `
  + `others answer 400; participants who restricted or objected to processing are left out; files are kept ${BULK_EXPORT_RETENTION_HOURS} hours.`;

/**
 * Exactly what /fhir supports, built from the same tables the server uses, so it cannot drift; its
 * security names the issuer's endpoints from `issuer`, its discovery document (none when unreadable).
 */
export function capabilityStatement(baseUrl: string, issuer?: OidcDiscovery): CapabilityStatement {
  const resource = RESOURCE_TYPES.map((type): CapabilityStatementRestResource => ({
    type,
    ...(TYPE_DOCUMENTATION[type] && { documentation: TYPE_DOCUMENTATION[type] }),
    interaction: INTERACTIONS.map((code) => ({ code })),
    versioning: 'versioned-update',
    readHistory: true,
    updateCreate: true,
    conditionalCreate: true,
    conditionalRead: 'full-support',
    conditionalUpdate: true,
    conditionalDelete: 'not-supported',
    searchInclude: includesOf(type),
    searchRevInclude: revincludesOf(type, RESOURCE_TYPES),
    searchParam: [...searchParams(type).values()]
      .filter((p) => !COMMON_PARAMS.has(p.name))
      .map((p) => ({ name: p.name, type: p.type, documentation: `${p.expression}${p.type === 'token' || p.type === 'reference' || p.type === 'uri' ? '; comma-separated values are ORed; :missing' : '; prefixes eq ne gt ge lt le, partial dates'}` })),
    ...(type === 'Patient' && { operation: [BULK_OPERATIONS.patient] }),
  })).concat(READ_ONLY_TYPES.map((type): CapabilityStatementRestResource => ({
    type,
    documentation: READ_ONLY_DOCUMENTATION[type],
    // A Group is built at each read, so it has no versions to vread.
    interaction: [{ code: 'read' }, ...(type === 'Group' ? [] : [{ code: 'vread' as const }]), { code: 'search-type' }],
    searchParam: readOnlySearchParams(type).filter((name) => name !== '_id').map((name) => ({ name, type: name === 'url' ? 'uri' : 'string' })),
    ...(type === 'Group' && { operation: [BULK_OPERATIONS.group] }),
  })));
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: '2026-11-01',
    kind: 'instance',
    instantiates: [`${BULK_DATA}/CapabilityStatement/bulk-data`],
    software: { name: 'Geria health data repository' },
    implementation: { description: 'Geria FHIR R4 subset', url: baseUrl },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json', 'json'],
    patchFormat: ['application/json-patch+json'],
    rest: [{
      mode: 'server',
      documentation: 'Bearer token required (an integration client of kind apikey sends its key in the apikey header instead). Results are limited to the caller\'s organisation and shared resources. '
        + 'Search controls: _count (0 = total only, at most 10000), _cursor (the next and previous links: keyset pages, constant time at any depth), _offset (kept for compatibility), _sort (_lastUpdated, _id and the type\'s date parameter, - for descending), _total (none, accurate), '
        + '_summary (true, text, data, count, false), _elements, _include and _revinclude (no :iterate; at most 1000 resources per _revinclude), _format (json only) and _pretty. '
        + 'Histories (type and instance) take _since, _count, _cursor (their next and previous links, as for searches) and _offset. '
        + 'Unknown parameters are ignored and named in an OperationOutcome entry (search mode outcome); with Prefer: handling=strict they are refused with 400. '
        + 'Conditional create (If-None-Exist), conditional update (PUT Type?search), If-Match on update, patch and delete, If-None-Match and If-Modified-Since on read and vread (304); '
        + 'any other conditional header is refused with 400. Only FHIR JSON is served: other formats (Accept or _format) answer 406.'
        + BULK_DOCUMENTATION,
      security: restSecurity(issuer),
      resource,
      interaction: [{ code: 'transaction' }, { code: 'batch' }],
      operation: [BULK_OPERATIONS.system],
      searchParam: [
        { name: '_id', type: 'token' },
        { name: '_lastUpdated', type: 'date' },
        { name: '_profile', type: 'uri' },
      ],
    }],
  };
}
