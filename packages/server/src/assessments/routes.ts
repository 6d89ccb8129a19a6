import './tables.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { profilingInputSchema } from '@geria/domain/rules/assessment-profiling.ts';
import { clinicalFieldsInputSchema, clinicalFieldsViewSchema } from '@geria/domain/rules/assessment-clinical-fields.ts';
import { balanceAssessmentInputSchema, balanceResultSchema } from '@geria/domain/rules/assessment-balance.ts';
import { recruitmentDecisionInputSchema, recruitmentDecisionRecordSchema } from '@geria/domain/rules/assessment-recruitment-decision.ts';
import { participantFullRecordSchema, recruitmentChangeSchema } from '@geria/domain/rules/participants-record.ts';
import { recruitmentStatusFromCode } from '@geria/domain';
import { conditionsInputSchema, conditionsViewSchema } from '@geria/domain/rules/assessment-conditions.ts';
import type { AppDeps } from '../app.ts';
import { parseOr400, requestLanguage } from '../http/errors.ts';
import { created, noContent, ok } from '../http/openapi.ts';
import { patientWriter } from '../participants/access.ts';
import { getParticipant } from '../participants/service.ts';
import { assessmentDetailSchema, assessmentListSchema, assessmentViewSchema, recruitmentDecidedSchema, workingStateViewSchema } from './answers.ts';
import { confirmBalanceAssessment, resetBalanceAssessment } from './balance.ts';
import { readClinicalFields, saveClinicalFields } from './clinical-fields.ts';
import { readConditions, saveConditions } from './conditions.ts';
import { createAssessment, getAssessment, listAssessments } from './encounters.ts';
import { readPatientScope } from './patient-scope.ts';
import { saveProfiling } from './profiling.ts';
import { decideRecruitment, listRecruitmentDecisions } from './recruitment-decisions.ts';
import { workingState } from './working-state.ts';

const participant = z.object({ id: z.string() });
const assessment = z.object({ id: z.string(), encounterId: z.string() });
const stateQuery = z.object({ encounter: z.string().optional() });
/** SPEC §7's status codes 0–5 (pending … completed). */
const recruitmentValue = z.object({ id: z.string(), value: z.coerce.number().int().min(0).max(5) });

/** Assessments and recruitment (issue 7): PATIENT_ROLES, the caller's organisation only (404 otherwise). */
export function registerAssessmentRoutes(app: FastifyInstance, { db }: AppDeps) {
  const tags = ['assessments'];
  const ids = (request: Parameters<typeof parseOr400>[2]) => parseOr400(assessment, request.params, request);
  const participantId = (request: Parameters<typeof parseOr400>[2]) => parseOr400(participant, request.params, request).id;

  app.get('/api/v1/participants/:id/working-state', { schema: { params: participant, querystring: stateQuery, tags, summary: 'The patient working state (SPEC §3) with screening and gates', response: ok(workingStateViewSchema) } }, async (request): Promise<z.infer<typeof workingStateViewSchema>> => {
    const caller = patientWriter(request);
    const id = participantId(request);
    const { encounter } = parseOr400(stateQuery, request.query, request);
    return workingState(await readPatientScope(db, caller, id), encounter);
  });

  app.get('/api/v1/participants/:id/assessments', { schema: { params: participant, tags, summary: 'The assessment timeline, newest first, and whether another may be created', response: ok(assessmentListSchema) } }, async (request): Promise<z.infer<typeof assessmentListSchema>> =>
    listAssessments(db, patientWriter(request), participantId(request)));
  app.post('/api/v1/participants/:id/assessments', { schema: { params: participant, tags, summary: 'Creates the next assessment (FHIR Encounter) when the gating allows it', response: created(assessmentViewSchema) } }, async (request, reply) => {
    const caller = patientWriter(request);
    const answer: z.infer<typeof assessmentViewSchema> = await createAssessment(db, caller, participantId(request));
    return reply.status(201).send(answer);
  });
  app.get('/api/v1/participants/:id/assessments/:encounterId', { schema: { params: assessment, tags, summary: 'One assessment with its tabs and questionnaires', response: ok(assessmentDetailSchema) } }, async (request): Promise<z.infer<typeof assessmentDetailSchema>> => {
    const caller = patientWriter(request);
    const { id, encounterId } = ids(request);
    return getAssessment(db, caller, id, encounterId);
  });

  app.put('/api/v1/participants/:id/assessments/:encounterId/profiling', { schema: { body: profilingInputSchema, params: assessment, tags, summary: 'Records the profiling in the first assessment; answers the working state after it', response: ok(workingStateViewSchema) } }, async (request): Promise<z.infer<typeof workingStateViewSchema>> => {
    const caller = patientWriter(request);
    const { id, encounterId } = ids(request);
    return saveProfiling(db, caller, id, encounterId, parseOr400(profilingInputSchema, request.body, request));
  });

  app.get('/api/v1/participants/:id/assessments/:encounterId/clinical-fields', { schema: { params: assessment, tags, summary: 'Clinical fields of the assessment', response: ok(clinicalFieldsViewSchema) } }, async (request): Promise<z.infer<typeof clinicalFieldsViewSchema>> => {
    const caller = patientWriter(request);
    const { id, encounterId } = ids(request);
    return readClinicalFields(db, caller, id, encounterId);
  });
  app.put('/api/v1/participants/:id/assessments/:encounterId/clinical-fields', { schema: { body: clinicalFieldsInputSchema, params: assessment, tags, summary: 'Saves clinical fields as Observations in one transaction', response: ok(clinicalFieldsViewSchema) } }, async (request): Promise<z.infer<typeof clinicalFieldsViewSchema>> => {
    const caller = patientWriter(request);
    const { id, encounterId } = ids(request);
    return saveClinicalFields(db, caller, id, encounterId, parseOr400(clinicalFieldsInputSchema, request.body, request), requestLanguage(request));
  });

  app.get('/api/v1/participants/:id/conditions', { schema: { params: participant, tags, summary: 'Conditions (active or inactive) and family history', response: ok(conditionsViewSchema) } }, async (request): Promise<z.infer<typeof conditionsViewSchema>> =>
    readConditions(db, patientWriter(request), participantId(request)));
  app.put('/api/v1/participants/:id/conditions', { schema: { body: conditionsInputSchema, params: participant, tags, summary: 'Saves conditions and family history in one FHIR transaction', response: ok(conditionsViewSchema) } }, async (request): Promise<z.infer<typeof conditionsViewSchema>> => {
    const caller = patientWriter(request);
    return saveConditions(db, caller, participantId(request), parseOr400(conditionsInputSchema, request.body, request));
  });

  app.post('/api/v1/participants/:id/balance-assessment', { schema: { body: balanceAssessmentInputSchema, params: participant, tags, summary: 'Confirms the balance-disorder assessment and its eligibility', response: ok(balanceResultSchema) } }, async (request): Promise<z.infer<typeof balanceResultSchema>> => {
    const caller = patientWriter(request);
    return confirmBalanceAssessment(db, caller, participantId(request), parseOr400(balanceAssessmentInputSchema, request.body, request));
  });
  app.delete('/api/v1/participants/:id/balance-assessment', { schema: { params: participant, tags, summary: 'Resets the confirmed balance-disorder assessment', response: noContent } }, async (request, reply) => {
    await resetBalanceAssessment(db, patientWriter(request), participantId(request));
    return reply.status(204).send();
  });

  app.get('/api/v1/participants/:id/recruitment-decisions', { schema: { params: participant, tags, summary: 'Recruitment decisions with their reasons, newest first', response: ok(z.array(recruitmentDecisionRecordSchema)) } }, async (request): Promise<z.infer<typeof recruitmentDecisionRecordSchema>[]> =>
    listRecruitmentDecisions(db, patientWriter(request), participantId(request)));
  app.post('/api/v1/participants/:id/recruitment-decisions', { schema: { body: recruitmentDecisionInputSchema, params: participant, tags, summary: 'Decides the recruitment status through the state machine', response: created(recruitmentDecidedSchema) } }, async (request, reply) => {
    const caller = patientWriter(request);
    const id = participantId(request);
    const answer: z.infer<typeof recruitmentDecidedSchema> = await decideRecruitment(db, caller, id, parseOr400(recruitmentDecisionInputSchema, request.body ?? {}, request));
    return reply.status(201).send(answer);
  });
  // SPEC §7's path: the same decision service (rules, ResearchSubject, decision record, notifications,
  // audit); it answers the updated study record as the spec's callers expect.
  app.post('/api/v1/participant/:id/recruitement/:value', { schema: { body: recruitmentChangeSchema, params: recruitmentValue, tags, summary: 'Sets the recruitment status (0–5) as a recruitment decision; answers the study record', response: ok(participantFullRecordSchema) } }, async (request): Promise<z.infer<typeof participantFullRecordSchema>> => {
    const caller = patientWriter(request);
    const { id, value } = parseOr400(recruitmentValue, request.params, request);
    const change = parseOr400(recruitmentChangeSchema, request.body ?? {}, request);
    await decideRecruitment(db, caller, id, { to: recruitmentStatusFromCode(value)!, ...change });
    return getParticipant(db, caller, id);
  });
}
