import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, FHIR_RESOURCE_TYPES, LANGUAGES, type MessageTree } from '@geria/domain';
import { DEVICE_TYPES } from '@geria/domain/rules/participants-record-lists.ts';
import { describe, expect, it } from 'vitest';

/**
 * Codes the server stores and the screens show (adverse events' suspected devices, Home's records
 * per type, the audit trail's actions and record types) have a label in every language: a missing one would put the
 * raw code on screen.
 */
const files = import.meta.glob<MessageTree>('./locales/*/*.json', { eager: true, import: 'default' });

const label = (language: string, ns: string, path: string): unknown =>
  path.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as MessageTree)[part] : undefined), files[`./locales/${language}/${ns}.json`]);

const CODE_LISTS = [
  { name: 'device types', ns: 'participants', prefix: 'devices.types', codes: DEVICE_TYPES },
  { name: 'FHIR resource types', ns: 'home', prefix: 'resourceTypes', codes: FHIR_RESOURCE_TYPES },
  { name: 'audit actions', ns: 'audit', prefix: 'actions', codes: AUDIT_ACTIONS },
  { name: 'audit entity types', ns: 'audit', prefix: 'entityTypes', codes: AUDIT_ENTITY_TYPES },
];

describe.each(CODE_LISTS)('labels of the $name', ({ ns, prefix, codes }) => {
  it.each(LANGUAGES)('exist for every code in %s', (language) => {
    const missing = codes.filter((code) => {
      const text = label(language, ns, `${prefix}.${code}`);
      return typeof text !== 'string' || !text.trim() || text === code;
    });
    expect(missing).toEqual([]);
  });
});
