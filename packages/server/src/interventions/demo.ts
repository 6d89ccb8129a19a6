import type { InterventionRule } from '@geria/domain';
import type { Db } from '../db/connection.ts';
import type { DemoGenerator } from '../demo/study.ts';
import { DEMO_ORGANISATION } from '../demo/accounts.ts';

const RULES: InterventionRule[] = [
  { name: 'Heart rate out of range', type: 'heartRate', target: { kind: 'organisation' }, priority: 'high', channels: ['app', 'managers'], app: 'geria', language: 'it', active: true,
    thresholds: { extremeLow: 40, optimalLow: 55, optimalHigh: 100, extremeHigh: 130 }, message: 'Frequenza cardiaca {{value}} {{unit}} il {{date}}: contatta il tuo centro.' },
  { name: 'Blood pressure', type: 'bloodPressure', target: { kind: 'cohort', recruitment: [1], conditions: [] }, priority: 'high', channels: ['managers', 'caregivers'], app: 'geria', language: 'it', active: true,
    thresholds: { extremeLow: 70, optimalLow: 90, optimalHigh: 140, extremeHigh: 180 }, diastolicThresholds: { extremeLow: 40, optimalLow: 60, optimalHigh: 90, extremeHigh: 110 },
    message: 'Pressione {{value}} {{unit}} ({{level}}).' },
  { name: 'Weight loss over 30 days', type: 'weightLoss', target: { kind: 'organisation' }, priority: 'medium', channels: ['managers'], app: 'geria', language: 'it', active: true,
    operator: 'gt', value: 3, windowDays: 30, message: 'Perdita di peso di {{value}} {{unit}} in 30 giorni.' },
  // A cohort by condition profile: accepted participants profiled with frailty or balance disorders.
  { name: 'Weekly activity', type: 'physicalActivity', target: { kind: 'cohort', recruitment: [1], conditions: ['frailty', 'balance'] }, priority: 'low', channels: ['app'], app: 'geria', language: 'it', active: true,
    operator: 'lt', value: 21000, windowDays: 7, message: 'Questa settimana {{value}} passi: proviamo a camminare un po\' di più.' },
];

/** Demo rules of the demo organisation, and two participants who ask the demo manager to accept them. */
export const demoInterventions: DemoGenerator = async (db: Db) => {
  const existing = await db.kysely.selectFrom('intervention_rule').select('id').where('organisation', '=', DEMO_ORGANISATION).limit(1).execute();
  if (existing.length) return;
  await db.kysely.insertInto('intervention_rule').values(RULES.map((rule) => ({
    organisation: DEMO_ORGANISATION, name: rule.name, type: rule.type, definition: JSON.stringify(rule), active: true, created_by: 'demo-expert',
  }))).execute();
  const asking = await db.kysely.selectFrom('participant').select('id').where('organisation', '=', DEMO_ORGANISATION)
    .orderBy('created_at', 'desc').limit(2).execute();
  for (const { id } of asking) {
    await db.kysely.updateTable('participant').set({ ccmids: JSON.stringify([{ ccmid: 'demo-ccm', accepted: false, notifications: true }]) }).where('id', '=', id).execute();
  }
};
