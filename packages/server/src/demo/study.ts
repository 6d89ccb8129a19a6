import type { Db } from '../db/connection.ts';
import { demoParticipants } from './participants.ts';
import { demoAssessments } from '../assessments/demo.ts';
import { demoInbox } from '../inbox/demo.ts';
import { demoGdpr } from '../gdpr/demo.ts';
import { demoDeviceData } from '../measurements/demo.ts';
import { demoInterventions } from '../interventions/demo.ts';
import { demoAnalytics } from '../analytics/demo.ts';
import { demoHomeStatistics } from '../stats/demo.ts';
import { analyzeSeededTables } from './analyze.ts';
import { participantCount } from './participants.ts';

export interface DemoOptions {
  participants: number;
  log?: (message: string) => void;
}

/**
 * The synthetic demo study (participants, assessments, device data ...). Each area adds its
 * generator to `generators`; they run once, on a database that has no study data yet.
 */
export type DemoGenerator = (db: Db, options: DemoOptions) => Promise<void>;

export const generators: DemoGenerator[] = [demoParticipants, demoAssessments, demoInbox, demoGdpr, demoDeviceData, demoInterventions, demoAnalytics, demoHomeStatistics];

/** Runs the generators; when they created the study, ends with ANALYZE of what they filled (not on every later start). */
export async function seedDemoStudy(db: Db, options: DemoOptions): Promise<void> {
  const empty = (await participantCount(db)) === 0;
  for (const generate of generators) {
    const started = Date.now();
    await generate(db, options);
    options.log?.(`demo ${generate.name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  if (empty && (await participantCount(db)) > 0) await analyzeSeededTables(db);
}
