import { toQuestionnaireResponse, type Answers } from '@geria/domain';
import { fhirService } from '../fhir/service.ts';
import type { TestContext } from '../test/context.ts';
import { createParticipant } from '../participants/test-helpers.ts';
import { mocaAnswers } from './demo-answers.ts';

export const system = (ctx: TestContext) => fhirService(ctx.db).withContext({ kind: 'system', name: 'test' });

/** Sets Patient fields as the demographics screen would (birth date, biological gender). */
export async function setPatient(ctx: TestContext, id: string, fields: { birthDate?: string; gender?: string }) {
  const fhir = system(ctx);
  const patient = await fhir.read('Patient', id);
  await fhir.update('Patient', id, { ...patient, ...fields });
}

/** A completed response of an instrument, as the questionnaire runner saves it. */
export async function addResponse(ctx: TestContext, id: string, instrument: string, answers: Answers, encounterId?: string, authored = new Date().toISOString()) {
  const response = toQuestionnaireResponse({
    instrument, answers, subject: `Patient/${id}`, authored, ...(encounterId && { encounter: `Encounter/${encounterId}` }),
  });
  return (await system(ctx).create(response)).resource!.id!;
}

export interface ScreenedOptions { birthDate?: string | null; gender?: string; dexterity?: number; moca?: number; username?: string }

/** A participant of MIL-GER with a birth date and, when asked, Dexterity and MoCA responses. */
export async function screenedParticipant(ctx: TestContext, options: ScreenedOptions = {}): Promise<string> {
  const id = await createParticipant(ctx, {}, options.username);
  const birthDate = options.birthDate === undefined ? '1950-04-12' : options.birthDate;
  if (birthDate) await setPatient(ctx, id, { birthDate, gender: options.gender ?? 'female' });
  if (options.dexterity !== undefined) await addResponse(ctx, id, 'dexterity', { 'dexterity-1': options.dexterity });
  if (options.moca !== undefined) await addResponse(ctx, id, 'moca', mocaAnswers(options.moca));
  return id;
}

/** Calls the API as `username` (test-ccm unless given). */
export function apiOf(ctx: TestContext) {
  return async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, username = 'test-ccm') =>
    ctx.app.inject({ method, url: `/api/v1${url}`, headers: await ctx.as(username), ...(payload !== undefined && { payload: payload as object }) });
}
