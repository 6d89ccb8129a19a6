/*
 * Codes the server stores and the screens name in the user's language: each one has a label in
 * every locale (the web's locale tests hold every language to these lists).
 */
import { READ_ACTIONS } from '../rules/read-audit.ts';

/** The resource types Geria stores at /fhir (Home's "Records per type" names them). */
export const FHIR_RESOURCE_TYPES = [
  'Patient', 'Encounter', 'Observation', 'Condition', 'QuestionnaireResponse', 'Questionnaire', 'ResearchSubject',
  'MedicationStatement', 'FamilyMemberHistory', 'DiagnosticReport', 'AdverseEvent', 'Device', 'ValueSet',
] as const;
export type FhirResourceType = (typeof FHIR_RESOURCE_TYPES)[number];

/** Every action the audit trail records (`audit_event.action`); the server writes no other. */
export const AUDIT_ACTIONS = [
  'auth.login', 'auth.login-refused',
  'accounts.registered', 'accounts.registration-declined', 'accounts.approved', 'accounts.rejected', 'accounts.created',
  'accounts.updated', 'accounts.deleted', 'accounts.password-reset-requested', 'accounts.password-reset', 'accounts.email-verified',
  'participant.create', 'participant.update', 'participant.delete', 'participant.demographics', 'participant.recruitmentDecision',
  'device.create', 'device.update', 'device.delete', 'identity.create', 'identity.update', 'identity.delete',
  'fhir.create', 'fhir.update', 'fhir.patch', 'fhir.delete',
  'gdpr.created', 'gdpr.edited', 'gdpr.queued', 'gdpr.reopened', 'gdpr.closed', 'gdpr.fileAttached', 'gdpr.executed', 'gdpr.fileDownloaded',
  'intervention.rule.create', 'intervention.rule.update', 'intervention.rule.delete',
  'inbox.read', 'inbox.readAll', 'subscription.accept', 'subscription.decline',
  'notebook.create', 'notebook.update', 'notebook.delete', 'analytic.create', 'analytic.update', 'analytic.delete',
  'analyticRun.create', 'analyticRun.stop', 'analyticRun.interrupt', 'analyticRun.restart', 'analyticRun.reset', 'analyticRun.delete',
  'datasetExport.create', 'datasetExport.cancel', 'datasetExport.download',
  'integration-client.create', 'integration-client.rotate', 'integration-client.disable', 'integration-client.enable', 'integration-client.delete',
  'bulkExport.create', 'bulkExport.cancel', 'bulkExport.download',
  ...READ_ACTIONS,
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The study's own record types the audit trail names (`audit_event.entity_type`); FHIR records go by FHIR_RESOURCE_TYPES. */
export const AUDIT_ENTITY_TYPES = [
  'user', 'participant', 'participants', 'device', 'identity', 'intervention_rule', 'participant_notification', 'gdpr_request',
  'integration-client', 'Notebook', 'Analytic', 'AnalyticRun', 'BulkExport', 'DatasetExport',
] as const;
