import { bandOrNull } from './bands.ts';
import { band, integer, t } from './define.ts';
import type { InstrumentDef } from './types.ts';

/** Single-item sleep quality scale (Snyder 2018), last 7 days; bands are the printed anchor groups. */
export const sleep: InstrumentDef = {
  id: 'sleep',
  version: '1.0.0',
  title: t('Sleep quality (last 7 days)', 'Qualità del sonno (ultimi 7 giorni)', 'Qualidade do sono (últimos 7 dias)', 'Qualité du sommeil (7 derniers jours)', 'Calidad del sueño (últimos 7 días)', 'Ποιότητα ύπνου (τελευταίες 7 ημέρες)', 'Calitatea somnului (ultimele 7 zile)'),
  description: t(
    'Overall sleep quality over the past 7 days, from 0 (terrible) to 10 (excellent).',
    'Qualità complessiva del sonno negli ultimi 7 giorni, da 0 (pessima) a 10 (eccellente).',
    'Qualidade global do sono nos últimos 7 dias, de 0 (péssima) a 10 (excelente).',
    'Qualité globale du sommeil au cours des 7 derniers jours, de 0 (très mauvaise) à 10 (excellente).',
    'Calidad global del sueño en los últimos 7 días, de 0 (pésima) a 10 (excelente).',
    'Συνολική ποιότητα ύπνου τις τελευταίες 7 ημέρες, από 0 (τραγική) έως 10 (εξαιρετική).',
    'Calitatea generală a somnului în ultimele 7 zile, de la 0 (foarte proastă) la 10 (excelentă).',
  ),
  range: { min: 0, max: 10 },
  items: [
    integer(
      'sleep-1',
      t('Overall sleep quality over the past 7 days', 'Qualità complessiva del sonno negli ultimi 7 giorni', 'Qualidade global do sono nos últimos 7 dias', 'Qualité globale du sommeil au cours des 7 derniers jours', 'Calidad global del sueño en los últimos 7 días', 'Συνολική ποιότητα ύπνου τις τελευταίες 7 ημέρες', 'Calitatea generală a somnului în ultimele 7 zile'),
      { min: 0, max: 10 },
      {
        anchors: {
          min: t('Terrible', 'Pessima', 'Péssima', 'Très mauvaise', 'Pésima', 'Τραγική', 'Foarte proastă'),
          max: t('Excellent', 'Eccellente', 'Excelente', 'Excellente', 'Excelente', 'Εξαιρετική', 'Excelentă'),
        },
      },
    ),
  ],
  bands: [
    band('terrible', t('Terrible', 'Pessima', 'Péssima', 'Très mauvaise', 'Pésima', 'Τραγική', 'Foarte proastă'), t('Rating 0.', 'Valutazione 0.', 'Classificação 0.', 'Note 0.', 'Valoración 0.', 'Βαθμολογία 0.', 'Scor 0.'), true),
    band('poor', t('Poor', 'Scarsa', 'Fraca', 'Mauvaise', 'Mala', 'Κακή', 'Proastă'), t('Rating 1–3.', 'Valutazione 1–3.', 'Classificação 1–3.', 'Note 1–3.', 'Valoración 1–3.', 'Βαθμολογία 1–3.', 'Scor 1–3.'), true),
    band('fair', t('Fair', 'Discreta', 'Razoável', 'Passable', 'Regular', 'Μέτρια', 'Acceptabilă'), t('Rating 4–6.', 'Valutazione 4–6.', 'Classificação 4–6.', 'Note 4–6.', 'Valoración 4–6.', 'Βαθμολογία 4–6.', 'Scor 4–6.')),
    band('good', t('Good', 'Buona', 'Boa', 'Bonne', 'Buena', 'Καλή', 'Bună'), t('Rating 7–9.', 'Valutazione 7–9.', 'Classificação 7–9.', 'Note 7–9.', 'Valoración 7–9.', 'Βαθμολογία 7–9.', 'Scor 7–9.')),
    band('excellent', t('Excellent', 'Eccellente', 'Excelente', 'Excellente', 'Excelente', 'Εξαιρετική', 'Excelentă'), t('Rating 10.', 'Valutazione 10.', 'Classificação 10.', 'Note 10.', 'Valoración 10.', 'Βαθμολογία 10.', 'Scor 10.')),
  ],
  score(answers) {
    const rating = answers['sleep-1'];
    const total = typeof rating === 'number' ? rating : null;
    return { total, band: bandOrNull(total, [[0, 'terrible'], [3, 'poor'], [6, 'fair'], [9, 'good'], [Infinity, 'excellent']]) };
  },
};
