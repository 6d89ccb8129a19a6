import type { TestContext } from '../test/context.ts';

/** A valid new participant of MIL-GER (pilot 2, Italian-Portuguese). */
export const newParticipant = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Giulia', lastName: 'Bianchi', SB_Email: 'giulia.bianchi@study.example.org',
  caregiverEmails: ['marco.bianchi@example.org'], ccmids: [{ ccmid: 'test-ccm', accepted: true, notifications: true }],
  pilot: 2, contactPhone: { number: '+39 02 1234 5678', country: 'IT' }, ...overrides,
});

/** Creates a participant as `username` and returns its id. */
export async function createParticipant(ctx: TestContext, overrides: Record<string, unknown> = {}, username = 'test-ccm'): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/participant', headers: await ctx.as(username), payload: newParticipant(overrides) });
  if (res.statusCode !== 201) throw new Error(`create participant: ${res.statusCode} ${res.body}`);
  return res.json().id;
}
