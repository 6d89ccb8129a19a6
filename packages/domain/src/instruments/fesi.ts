import { bandOrNull } from './bands.ts';
import { choiceItems, t } from './define.ts';
import { concern, concernBands, fesActivities, fesLicence } from './fes-activities.ts';
import { itemIds, proratedSum } from './scoring.ts';
import type { InstrumentDef } from './types.ts';

/** FES-I (Yardley 2005), cut-points Delbaere 2010; up to 4 missing items are prorated. */
const linkIds = itemIds('fesi', 16);

export const fesi: InstrumentDef = {
  id: 'fesi',
  version: '1.0.0',
  title: t('Falls Efficacy Scale – International (FES-I)', 'Falls Efficacy Scale – International (FES-I)', 'Escala de Eficácia de Quedas – Internacional (FES-I)', 'Échelle d’efficacité des chutes – internationale (FES-I)', 'Escala Internacional de Eficacia ante las Caídas (FES-I)', 'Διεθνής Κλίμακα Αποτελεσματικότητας για τις Πτώσεις (FES-I)', 'Scala internațională de eficacitate privind căderile (FES-I)'),
  description: t(
    'Concern about falling in 16 daily activities; 16 (none) to 64 (severe).',
    'Preoccupazione di cadere in 16 attività quotidiane; da 16 (nessuna) a 64 (grave).',
    'Preocupação com quedas em 16 atividades diárias; de 16 (nenhuma) a 64 (grave).',
    'Inquiétude de chuter dans 16 activités quotidiennes ; de 16 (aucune) à 64 (sévère).',
    'Preocupación por caerse en 16 actividades diarias; de 16 (ninguna) a 64 (grave).',
    'Ανησυχία για πτώση σε 16 καθημερινές δραστηριότητες· από 16 (καμία) έως 64 (σοβαρή).',
    'Îngrijorarea privind căderile în 16 activități zilnice; de la 16 (deloc) la 64 (severă).',
  ),
  licence: fesLicence,
  range: { min: 16, max: 64 },
  items: choiceItems('fesi', fesActivities, concern),
  bands: concernBands('16–19', '20–27', '28–64'),
  score(answers) {
    const total = proratedSum(answers, linkIds, 4);
    return { total, band: bandOrNull(total, [[19, 'low'], [27, 'moderate'], [Infinity, 'high']]) };
  },
};
