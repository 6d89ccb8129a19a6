import { bandOrNull } from './bands.ts';
import { choiceItems, t } from './define.ts';
import { concern, concernBands, fesActivities, fesLicence } from './fes-activities.ts';
import { itemIds, proratedSum } from './scoring.ts';
import type { InstrumentDef } from './types.ts';

/** Short FES-I (Kempen 2008): FES-I items 2, 4, 6, 7, 9, 15, 16; one missing item prorated by analogy with FES-I. */
const FESI_ITEMS = [2, 4, 6, 7, 9, 15, 16];
const linkIds = itemIds('sfesi', FESI_ITEMS.length);

export const sfesi: InstrumentDef = {
  id: 'sfesi',
  version: '1.0.0',
  title: t('Short FES-I', 'Short FES-I', 'FES-I reduzida', 'FES-I courte', 'FES-I abreviada', 'Σύντομη FES-I', 'FES-I scurtă'),
  description: t(
    'Concern about falling in 7 daily activities; 7 (none) to 28 (severe).',
    'Preoccupazione di cadere in 7 attività quotidiane; da 7 (nessuna) a 28 (grave).',
    'Preocupação com quedas em 7 atividades diárias; de 7 (nenhuma) a 28 (grave).',
    'Inquiétude de chuter dans 7 activités quotidiennes ; de 7 (aucune) à 28 (sévère).',
    'Preocupación por caerse en 7 actividades diarias; de 7 (ninguna) a 28 (grave).',
    'Ανησυχία για πτώση σε 7 καθημερινές δραστηριότητες· από 7 (καμία) έως 28 (σοβαρή).',
    'Îngrijorarea privind căderile în 7 activități zilnice; de la 7 (deloc) la 28 (severă).',
  ),
  licence: fesLicence,
  range: { min: 7, max: 28 },
  items: choiceItems('sfesi', FESI_ITEMS.map((n) => fesActivities[n - 1]), concern),
  bands: concernBands('7–8', '9–13', '14–28'),
  score(answers) {
    const total = proratedSum(answers, linkIds, 1);
    return { total, band: bandOrNull(total, [[8, 'low'], [13, 'moderate'], [Infinity, 'high']]) };
  },
};
