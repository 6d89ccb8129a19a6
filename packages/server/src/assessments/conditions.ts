import type { Resource } from '@medplum/fhirtypes';
import {
  CONDITION_KEYS, conditionKeyOf, conditionOperation, conditionStateOf, toFamilyMemberHistory, toFhirCondition,
  type ConditionKey, type ConditionsInput, type ConditionState,
} from '@geria/domain/rules/assessment-conditions.ts';
import type { Db } from '../db/connection.ts';
import type { FhirClient } from '../fhir/service.ts';
import type { Caller } from '../participants/access.ts';
import { entries } from '../participants/fhir-link.ts';
import { touchParticipant } from '../participants/service.ts';
import { inPatientScope } from './patient-scope.ts';

type Stored = { conditions: Map<ConditionKey, Resource>; family: Map<ConditionKey, Resource> };

async function stored(fhir: FhirClient, id: string): Promise<Stored> {
  const byKey = (resources: Resource[]) => new Map(resources.flatMap((r) => {
    const key = conditionKeyOf(r as never);
    return key ? [[key, r] as const] : [];
  }));
  return {
    conditions: byKey(entries(await fhir.search('Condition', { subject: `Patient/${id}`, _count: '500' }))),
    family: byKey(entries(await fhir.search('FamilyMemberHistory', { patient: `Patient/${id}`, _count: '500' }))),
  };
}

function view({ conditions, family }: Stored) {
  return {
    conditions: Object.fromEntries(CONDITION_KEYS.map((key) => {
      const resource = conditions.get(key);
      return [key, resource ? conditionStateOf(resource as never) : null];
    })) as Record<ConditionKey, ConditionState | null>,
    familyHistory: CONDITION_KEYS.filter((key) => family.has(key)),
  };
}

/** The participant's conditions (active, inactive or not recorded) and family history. */
export const readConditions = (db: Db, caller: Caller, id: string) =>
  inPatientScope(db, caller, id, async ({ fhir }) => view(await stored(fhir, id)));

/**
 * Saves the conditions a form changed and the family history in one FHIR transaction: each
 * condition by the write-operation rule, a family-history entry added or removed per condition.
 */
export const saveConditions = (db: Db, caller: Caller, id: string, input: ConditionsInput) =>
  inPatientScope(db, caller, id, async ({ tx, fhir }) => {
    const current = await stored(fhir, id);
    const entry: { resource?: object; request: { method: string; url: string } }[] = [];
    for (const [key, requested] of Object.entries(input.conditions) as [ConditionKey, ConditionState | null][]) {
      const resource = current.conditions.get(key);
      const method = conditionOperation(requested, resource ? conditionStateOf(resource as never) : null);
      if (method === 'DELETE') entry.push({ request: { method, url: `Condition/${resource!.id}` } });
      else if (method === 'PUT') entry.push({ resource: toFhirCondition(id, key, requested!, resource!.id), request: { method, url: `Condition/${resource!.id}` } });
      else if (method === 'POST') entry.push({ resource: toFhirCondition(id, key, requested!), request: { method, url: 'Condition' } });
    }
    if (input.familyHistory) {
      const wanted = new Set(input.familyHistory);
      for (const [key, resource] of current.family) if (!wanted.has(key)) entry.push({ request: { method: 'DELETE', url: `FamilyMemberHistory/${resource.id}` } });
      for (const key of wanted) if (!current.family.has(key)) entry.push({ resource: toFamilyMemberHistory(id, key), request: { method: 'POST', url: 'FamilyMemberHistory' } });
    }
    if (entry.length) {
      await fhir.bundle({ resourceType: 'Bundle', type: 'transaction', entry });
      await touchParticipant(tx, id);
    }
    return view(await stored(fhir, id));
  }, true);
