import type { CapabilityStatement, CapabilityStatementRestResource } from '@medplum/fhirtypes';
import type { OidcDiscovery } from '../auth/discovery.ts';
import { RESOURCE_TYPES, searchParams } from './resource-types.ts';
import { restSecurity } from './smart-configuration.ts';
import { READ_ONLY_TYPES } from './study-resources.ts';
import { readOnlySearchParams } from './study-resource-search.ts';

const INTERACTIONS = ['read', 'vread', 'update', 'patch', 'delete', 'history-instance', 'history-type', 'create', 'search-type'] as const;
const COMMON_PARAMS = new Set(['_id', '_lastUpdated', '_profile']);

/**
 * Exactly what /fhir supports, built from the same tables the server uses, so it cannot drift; its
 * security names the issuer's endpoints from `issuer`, its discovery document (none when unreadable).
 */
export function capabilityStatement(baseUrl: string, issuer?: OidcDiscovery): CapabilityStatement {
  const resource = RESOURCE_TYPES.map((type): CapabilityStatementRestResource => ({
    type,
    interaction: INTERACTIONS.map((code) => ({ code })),
    versioning: 'versioned-update',
    readHistory: true,
    updateCreate: true,
    conditionalCreate: true,
    conditionalRead: 'not-supported',
    conditionalUpdate: false,
    conditionalDelete: 'not-supported',
    searchParam: [...searchParams(type).values()]
      .filter((p) => !COMMON_PARAMS.has(p.name))
      .map((p) => ({ name: p.name, type: p.type, documentation: `${p.expression}${p.type === 'token' || p.type === 'reference' || p.type === 'uri' ? '; comma-separated values are ORed; :missing' : '; prefixes eq ne gt ge lt le, partial dates'}` })),
  })).concat(READ_ONLY_TYPES.map((type): CapabilityStatementRestResource => ({
    type,
    documentation: type === 'ValueSet'
      ? 'The study\'s option lists (genders, education, living situation, recruitment statuses ...), each option named in the seven languages (designations) and expanded; read only: writes answer 405'
      : 'The study\'s reference data (Organization/<orgid>, ResearchStudy/geria), read only: writes answer 405',
    interaction: [{ code: 'read' }, { code: 'vread' }, { code: 'search-type' }],
    searchParam: readOnlySearchParams(type).filter((name) => name !== '_id').map((name) => ({ name, type: name === 'url' ? 'uri' : 'string' })),
  })));
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: '2026-11-01',
    kind: 'instance',
    software: { name: 'Geria health data repository' },
    implementation: { description: 'Geria FHIR R4 subset', url: baseUrl },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json', 'json'],
    patchFormat: ['application/json-patch+json'],
    rest: [{
      mode: 'server',
      documentation: 'Bearer token required (an integration client of kind apikey sends its key in the apikey header instead). Results are limited to the caller\'s organisation and shared resources. '
        + 'Search controls: _count (0 = total only, at most 10000), _offset, _sort (_lastUpdated, _id and the type\'s date parameter, - for descending), _total (none, accurate). '
        + 'Unknown parameters are rejected with 400.',
      security: restSecurity(issuer),
      resource,
      interaction: [{ code: 'transaction' }, { code: 'batch' }],
      searchParam: [
        { name: '_id', type: 'token' },
        { name: '_lastUpdated', type: 'date' },
        { name: '_profile', type: 'uri' },
      ],
    }],
  };
}
