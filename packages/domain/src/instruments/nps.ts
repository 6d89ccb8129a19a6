import { band, integer, t } from './define.ts';
import { sumScorer } from './scoring.ts';
import type { InstrumentDef } from './types.ts';

/** Net Promoter Score (Reichheld 2003): one 0–10 rating; each respondent is a detractor, passive or promoter. */
const BANDS = [[6, 'detractor'], [8, 'passive'], [Infinity, 'promoter']] as const;

export const nps: InstrumentDef = {
  id: 'nps',
  version: '1.0.0',
  title: t('Net Promoter Score', 'Net Promoter Score', 'Net Promoter Score', 'Net Promoter Score', 'Net Promoter Score', 'Net Promoter Score (δείκτης σύστασης)', 'Net Promoter Score'),
  description: t(
    'Likelihood of recommending the service, from 0 to 10.',
    'Probabilità di consigliare il servizio, da 0 a 10.',
    'Probabilidade de recomendar o serviço, de 0 a 10.',
    'Probabilité de recommander le service, de 0 à 10.',
    'Probabilidad de recomendar el servicio, de 0 a 10.',
    'Πιθανότητα σύστασης της υπηρεσίας, από 0 έως 10.',
    'Probabilitatea de a recomanda serviciul, de la 0 la 10.',
  ),
  range: { min: 0, max: 10 },
  items: [
    integer(
      'nps-1',
      t('How likely are you to recommend this service to a friend or relative?', 'Quanto è probabile che consigli questo servizio a un amico o a un familiare?', 'Qual é a probabilidade de recomendar este serviço a um amigo ou familiar?', 'Quelle est la probabilité que vous recommandiez ce service à un ami ou à un proche ?', '¿Qué probabilidad hay de que recomiende este servicio a un amigo o familiar?', 'Πόσο πιθανό είναι να προτείνετε αυτή την υπηρεσία σε φίλο ή συγγενή;', 'Cât de probabil este să recomandați acest serviciu unui prieten sau unei rude?'),
      { min: 0, max: 10 },
      {
        anchors: {
          min: t('Not at all likely', 'Per niente probabile', 'Nada provável', 'Pas du tout probable', 'Nada probable', 'Καθόλου πιθανό', 'Deloc probabil'),
          max: t('Extremely likely', 'Estremamente probabile', 'Extremamente provável', 'Extrêmement probable', 'Extremadamente probable', 'Εξαιρετικά πιθανό', 'Extrem de probabil'),
        },
      },
    ),
  ],
  bands: [
    band('detractor', t('Detractor', 'Detrattore', 'Detrator', 'Détracteur', 'Detractor', 'Επικριτής', 'Detractor'), t('Rating 0–6: unlikely to recommend; counts against the group score.', 'Valore 0–6: improbabile che consigli; pesa contro il punteggio del gruppo.', 'Valor 0–6: improvável que recomende; conta contra a pontuação do grupo.', 'Note 0–6 : peu enclin à recommander ; compte contre le score du groupe.', 'Valor 0–6: poco probable que recomiende; cuenta en contra de la puntuación del grupo.', 'Τιμή 0–6: απίθανο να προτείνει· μετρά αρνητικά στη βαθμολογία της ομάδας.', 'Valoare 0–6: puțin probabil să recomande; contează negativ în scorul grupului.')),
    band('passive', t('Passive', 'Passivo', 'Passivo', 'Passif', 'Pasivo', 'Ουδέτερος', 'Pasiv'), t('Rating 7–8: satisfied but not enthusiastic; counts only in the group total.', 'Valore 7–8: soddisfatto ma non entusiasta; conta solo nel totale del gruppo.', 'Valor 7–8: satisfeito mas não entusiasta; conta apenas no total do grupo.', 'Note 7–8 : satisfait mais sans enthousiasme ; compte seulement dans l’effectif du groupe.', 'Valor 7–8: satisfecho pero sin entusiasmo; solo cuenta en el total del grupo.', 'Τιμή 7–8: ικανοποιημένος αλλά χωρίς ενθουσιασμό· μετρά μόνο στο σύνολο της ομάδας.', 'Valoare 7–8: mulțumit, dar fără entuziasm; contează doar în totalul grupului.')),
    band('promoter', t('Promoter', 'Promotore', 'Promotor', 'Promoteur', 'Promotor', 'Υποστηρικτής', 'Promotor'), t('Rating 9–10: likely to recommend; counts for the group score.', 'Valore 9–10: probabile che consigli; pesa a favore del punteggio del gruppo.', 'Valor 9–10: provável que recomende; conta a favor da pontuação do grupo.', 'Note 9–10 : enclin à recommander ; compte pour le score du groupe.', 'Valor 9–10: probable que recomiende; cuenta a favor de la puntuación del grupo.', 'Τιμή 9–10: πιθανό να προτείνει· μετρά θετικά στη βαθμολογία της ομάδας.', 'Valoare 9–10: probabil să recomande; contează pozitiv în scorul grupului.')),
  ],
  score: sumScorer(['nps-1'], BANDS),
};

/**
 * The group NPS of a set of 0–10 ratings: % promoters − % detractors (−100 … +100), passives in the
 * denominator only; null for an empty group.
 */
export function netPromoterScore(ratings: readonly number[]): number | null {
  if (ratings.length === 0) return null;
  const promoters = ratings.filter((r) => r >= 9).length;
  const detractors = ratings.filter((r) => r <= 6).length;
  return ((promoters - detractors) / ratings.length) * 100;
}
