import { describe, expect, it } from 'vitest';
import { countByParticipant, participantReadOf, readAuditRecord } from './read-audit.ts';

describe('which API reads are reads of a participant', () => {
  it('names the action by the kind of data and the parameter that holds the participant', () => {
    expect(participantReadOf('/api/v1/participant/:id')).toEqual({ action: 'read.participant', param: 'id' });
    expect(participantReadOf('/api/v1/participant/:id/demographics')?.action).toBe('read.participant');
    expect(participantReadOf('/api/v1/participant/:id/device')?.action).toBe('read.participant');
    expect(participantReadOf('/api/v1/participants/:id/assessments/:encounterId/clinical-fields')?.action).toBe('read.assessments');
    expect(participantReadOf('/api/v1/participants/:id/working-state')?.action).toBe('read.assessments');
    expect(participantReadOf('/api/v1/patients/:patientId/questionnaire-responses')).toEqual({ action: 'read.assessments', param: 'patientId' });
    expect(participantReadOf('/api/v1/participant/:id/measurements/intraday')?.action).toBe('read.clinical');
    expect(participantReadOf('/api/v1/participants/:id/conditions')?.action).toBe('read.clinical');
    expect(participantReadOf('/api/v1/participant/:id/medication')?.action).toBe('read.clinical');
  });
  it('leaves out lists of many participants and other areas', () => {
    expect(participantReadOf('/api/v1/participants/organisation/:org')).toBeUndefined();
    expect(participantReadOf('/api/v1/GDPRRequest/:id')).toBeUndefined();
    expect(participantReadOf('/api/v1/users/:id')).toBeUndefined();
  });
});

describe('the audit entry of a read', () => {
  it('names the one participant read as entity and in the details', () => {
    expect(readAuditRecord('read.fhir', { p1: 1 }, { resourceType: 'Observation', count: 1 })).toEqual({
      action: 'read.fhir', entityType: 'participant', entityId: 'p1', details: { participantId: 'p1', resourceType: 'Observation', count: 1 },
    });
  });
  it('summarises a read of several participants as one entry with the count of each', () => {
    expect(readAuditRecord('read.fhirSearch', { p1: 3, p2: 1 }, { count: 4 })).toEqual({
      action: 'read.fhirSearch', entityType: 'participants', entityId: null, details: { participants: { p1: 3, p2: 1 }, count: 4 },
    });
  });
  it('records nothing when no participant data was answered', () => {
    expect(readAuditRecord('read.fhirSearch', {})).toBeUndefined();
  });
  it('counts resources per participant, ignoring those about none', () => {
    expect(countByParticipant(['a', null, 'b', 'a', undefined])).toEqual({ a: 2, b: 1 });
  });
});
