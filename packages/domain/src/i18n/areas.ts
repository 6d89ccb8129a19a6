import type { MessageTree } from './catalogue.ts';
// One block of imports per area; each area owns its `locales/<lang>/<area>.json` files.
import enCore from './locales/en/core.json' with { type: 'json' };
import itCore from './locales/it/core.json' with { type: 'json' };
import ptCore from './locales/pt/core.json' with { type: 'json' };
import frCore from './locales/fr/core.json' with { type: 'json' };
import esCore from './locales/es/core.json' with { type: 'json' };
import elCore from './locales/el/core.json' with { type: 'json' };
import roCore from './locales/ro/core.json' with { type: 'json' };
import enInstruments from './locales/en/instruments.json' with { type: 'json' };
import itInstruments from './locales/it/instruments.json' with { type: 'json' };
import ptInstruments from './locales/pt/instruments.json' with { type: 'json' };
import frInstruments from './locales/fr/instruments.json' with { type: 'json' };
import esInstruments from './locales/es/instruments.json' with { type: 'json' };
import elInstruments from './locales/el/instruments.json' with { type: 'json' };
import roInstruments from './locales/ro/instruments.json' with { type: 'json' };
import enRules from './locales/en/rules.json' with { type: 'json' };
import itRules from './locales/it/rules.json' with { type: 'json' };
import ptRules from './locales/pt/rules.json' with { type: 'json' };
import frRules from './locales/fr/rules.json' with { type: 'json' };
import esRules from './locales/es/rules.json' with { type: 'json' };
import elRules from './locales/el/rules.json' with { type: 'json' };
import roRules from './locales/ro/rules.json' with { type: 'json' };
import enAccounts from './locales/en/accounts.json' with { type: 'json' };
import itAccounts from './locales/it/accounts.json' with { type: 'json' };
import ptAccounts from './locales/pt/accounts.json' with { type: 'json' };
import frAccounts from './locales/fr/accounts.json' with { type: 'json' };
import esAccounts from './locales/es/accounts.json' with { type: 'json' };
import elAccounts from './locales/el/accounts.json' with { type: 'json' };
import roAccounts from './locales/ro/accounts.json' with { type: 'json' };
import enParticipants from './locales/en/participants.json' with { type: 'json' };
import itParticipants from './locales/it/participants.json' with { type: 'json' };
import ptParticipants from './locales/pt/participants.json' with { type: 'json' };
import frParticipants from './locales/fr/participants.json' with { type: 'json' };
import esParticipants from './locales/es/participants.json' with { type: 'json' };
import elParticipants from './locales/el/participants.json' with { type: 'json' };
import roParticipants from './locales/ro/participants.json' with { type: 'json' };
import enAssessments from './locales/en/assessments.json' with { type: 'json' };
import itAssessments from './locales/it/assessments.json' with { type: 'json' };
import ptAssessments from './locales/pt/assessments.json' with { type: 'json' };
import frAssessments from './locales/fr/assessments.json' with { type: 'json' };
import esAssessments from './locales/es/assessments.json' with { type: 'json' };
import elAssessments from './locales/el/assessments.json' with { type: 'json' };
import roAssessments from './locales/ro/assessments.json' with { type: 'json' };
import enGdpr from './locales/en/gdpr.json' with { type: 'json' };
import itGdpr from './locales/it/gdpr.json' with { type: 'json' };
import ptGdpr from './locales/pt/gdpr.json' with { type: 'json' };
import frGdpr from './locales/fr/gdpr.json' with { type: 'json' };
import esGdpr from './locales/es/gdpr.json' with { type: 'json' };
import elGdpr from './locales/el/gdpr.json' with { type: 'json' };
import roGdpr from './locales/ro/gdpr.json' with { type: 'json' };
import enInterventions from './locales/en/interventions.json' with { type: 'json' };
import itInterventions from './locales/it/interventions.json' with { type: 'json' };
import ptInterventions from './locales/pt/interventions.json' with { type: 'json' };
import frInterventions from './locales/fr/interventions.json' with { type: 'json' };
import esInterventions from './locales/es/interventions.json' with { type: 'json' };
import elInterventions from './locales/el/interventions.json' with { type: 'json' };
import roInterventions from './locales/ro/interventions.json' with { type: 'json' };
import enAnalytics from './locales/en/analytics.json' with { type: 'json' };
import itAnalytics from './locales/it/analytics.json' with { type: 'json' };
import ptAnalytics from './locales/pt/analytics.json' with { type: 'json' };
import frAnalytics from './locales/fr/analytics.json' with { type: 'json' };
import esAnalytics from './locales/es/analytics.json' with { type: 'json' };
import elAnalytics from './locales/el/analytics.json' with { type: 'json' };
import roAnalytics from './locales/ro/analytics.json' with { type: 'json' };
import enExports from './locales/en/exports.json' with { type: 'json' };
import itExports from './locales/it/exports.json' with { type: 'json' };
import ptExports from './locales/pt/exports.json' with { type: 'json' };
import frExports from './locales/fr/exports.json' with { type: 'json' };
import esExports from './locales/es/exports.json' with { type: 'json' };
import elExports from './locales/el/exports.json' with { type: 'json' };
import roExports from './locales/ro/exports.json' with { type: 'json' };

export const areas: Record<string, MessageTree> = {
  'en/core': enCore, 'it/core': itCore, 'pt/core': ptCore, 'fr/core': frCore,
  'es/core': esCore, 'el/core': elCore, 'ro/core': roCore,
  'en/instruments': enInstruments, 'it/instruments': itInstruments, 'pt/instruments': ptInstruments,
  'fr/instruments': frInstruments, 'es/instruments': esInstruments, 'el/instruments': elInstruments,
  'ro/instruments': roInstruments,
  'en/rules': enRules, 'it/rules': itRules, 'pt/rules': ptRules, 'fr/rules': frRules,
  'es/rules': esRules, 'el/rules': elRules, 'ro/rules': roRules,
  'en/accounts': enAccounts, 'it/accounts': itAccounts, 'pt/accounts': ptAccounts, 'fr/accounts': frAccounts,
  'es/accounts': esAccounts, 'el/accounts': elAccounts, 'ro/accounts': roAccounts,
  'en/participants': enParticipants, 'it/participants': itParticipants, 'pt/participants': ptParticipants,
  'fr/participants': frParticipants, 'es/participants': esParticipants, 'el/participants': elParticipants,
  'ro/participants': roParticipants,
  'en/assessments': enAssessments, 'it/assessments': itAssessments, 'pt/assessments': ptAssessments,
  'fr/assessments': frAssessments, 'es/assessments': esAssessments, 'el/assessments': elAssessments,
  'ro/assessments': roAssessments,
  'en/gdpr': enGdpr, 'it/gdpr': itGdpr, 'pt/gdpr': ptGdpr, 'fr/gdpr': frGdpr, 'es/gdpr': esGdpr, 'el/gdpr': elGdpr, 'ro/gdpr': roGdpr,
  'en/interventions': enInterventions, 'it/interventions': itInterventions, 'pt/interventions': ptInterventions, 'fr/interventions': frInterventions, 'es/interventions': esInterventions, 'el/interventions': elInterventions, 'ro/interventions': roInterventions,
  'en/analytics': enAnalytics, 'it/analytics': itAnalytics, 'pt/analytics': ptAnalytics, 'fr/analytics': frAnalytics, 'es/analytics': esAnalytics, 'el/analytics': elAnalytics, 'ro/analytics': roAnalytics,
  'en/exports': enExports, 'it/exports': itExports, 'pt/exports': ptExports, 'fr/exports': frExports, 'es/exports': esExports, 'el/exports': elExports, 'ro/exports': roExports,
};
