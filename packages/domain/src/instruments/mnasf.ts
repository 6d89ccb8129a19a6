import { bandOrNull } from './bands.ts';
import { band, choice, options, t } from './define.ts';
import { numberAt, sumOf } from './scoring.ts';
import type { InstrumentDef } from './types.ts';

/**
 * MNA short form (Rubenstein 2001; calf variant Kaiser 2009): A–E plus F1 (BMI), or F2 (calf
 * circumference) only when F1 is not available; F1 wins when both are present.
 */
const CORE = ['mnasf-1', 'mnasf-2', 'mnasf-3', 'mnasf-4', 'mnasf-5'];
const F1 = 'mnasf-6';
const F2 = 'mnasf-7';

export const mnasf: InstrumentDef = {
  id: 'mnasf',
  version: '1.0.0',
  title: t('Mini Nutritional Assessment – Short Form', 'Mini Nutritional Assessment – forma breve', 'Mini Avaliação Nutricional – forma curta', 'Mini Nutritional Assessment – forme courte', 'Mini Nutritional Assessment – forma corta', 'Mini Διατροφική Αξιολόγηση – σύντομη μορφή', 'Mini evaluare nutrițională – formă scurtă'),
  description: t(
    'Nutritional screening, items A to F; 0 to 14, 12 or more is normal.',
    'Screening nutrizionale, item da A a F; da 0 a 14, 12 o più è normale.',
    'Rastreio nutricional, itens A a F; de 0 a 14, 12 ou mais é normal.',
    'Dépistage nutritionnel, items A à F ; de 0 à 14, 12 ou plus est normal.',
    'Cribado nutricional, ítems A a F; de 0 a 14, 12 o más es normal.',
    'Διατροφικός έλεγχος, ερωτήσεις Α έως ΣΤ· 0 έως 14, 12 ή περισσότερο είναι φυσιολογικό.',
    'Screening nutrițional, itemii A–F; de la 0 la 14, 12 sau mai mult este normal.',
  ),
  licence: t(
    'MNA® © Société des Produits Nestlé S.A.; items are paraphrased, the original form is used under Nestlé’s terms.',
    'MNA® © Société des Produits Nestlé S.A.; item parafrasati, il modulo originale si usa alle condizioni di Nestlé.',
    'MNA® © Société des Produits Nestlé S.A.; itens parafraseados, o formulário original é usado nos termos da Nestlé.',
    'MNA® © Société des Produits Nestlé S.A. ; items reformulés, le formulaire original s’utilise selon les conditions de Nestlé.',
    'MNA® © Société des Produits Nestlé S.A.; ítems parafraseados, el formulario original se usa según las condiciones de Nestlé.',
    'MNA® © Société des Produits Nestlé S.A.· οι ερωτήσεις είναι παραφρασμένες, το πρωτότυπο έντυπο χρησιμοποιείται με τους όρους της Nestlé.',
    'MNA® © Société des Produits Nestlé S.A.; itemi parafrazați, formularul original se folosește conform condițiilor Nestlé.',
  ),
  range: { min: 0, max: 14 },
  items: [
    choice('mnasf-1', t('A. Decline in food intake over the past 3 months', 'A. Riduzione dell’assunzione di cibo negli ultimi 3 mesi', 'A. Diminuição da ingestão alimentar nos últimos 3 meses', 'A. Baisse des apports alimentaires au cours des 3 derniers mois', 'A. Disminución de la ingesta en los últimos 3 meses', 'Α. Μείωση της πρόσληψης τροφής τους τελευταίους 3 μήνες', 'A. Scăderea aportului alimentar în ultimele 3 luni'), options(
      [0, t('Severe decrease', 'Riduzione grave', 'Diminuição grave', 'Baisse sévère', 'Disminución grave', 'Σοβαρή μείωση', 'Scădere severă')],
      [1, t('Moderate decrease', 'Riduzione moderata', 'Diminuição moderada', 'Baisse modérée', 'Disminución moderada', 'Μέτρια μείωση', 'Scădere moderată')],
      [2, t('No decrease', 'Nessuna riduzione', 'Sem diminuição', 'Pas de baisse', 'Sin disminución', 'Καμία μείωση', 'Nicio scădere')],
    )),
    choice('mnasf-2', t('B. Weight loss over the past 3 months', 'B. Perdita di peso negli ultimi 3 mesi', 'B. Perda de peso nos últimos 3 meses', 'B. Perte de poids au cours des 3 derniers mois', 'B. Pérdida de peso en los últimos 3 meses', 'Β. Απώλεια βάρους τους τελευταίους 3 μήνες', 'B. Scădere în greutate în ultimele 3 luni'), options(
      [0, t('More than 3 kg', 'Più di 3 kg', 'Mais de 3 kg', 'Plus de 3 kg', 'Más de 3 kg', 'Πάνω από 3 kg', 'Peste 3 kg')],
      [1, t('Does not know', 'Non sa', 'Não sabe', 'Ne sait pas', 'No sabe', 'Δεν γνωρίζει', 'Nu știe')],
      [2, t('Between 1 and 3 kg', 'Tra 1 e 3 kg', 'Entre 1 e 3 kg', 'Entre 1 et 3 kg', 'Entre 1 y 3 kg', 'Από 1 έως 3 kg', 'Între 1 și 3 kg')],
      [3, t('No weight loss', 'Nessuna perdita di peso', 'Sem perda de peso', 'Pas de perte de poids', 'Sin pérdida de peso', 'Καμία απώλεια βάρους', 'Nicio scădere în greutate')],
    )),
    choice('mnasf-3', t('C. Mobility', 'C. Mobilità', 'C. Mobilidade', 'C. Mobilité', 'C. Movilidad', 'Γ. Κινητικότητα', 'C. Mobilitate'), options(
      [0, t('Bed- or chair-bound', 'Costretto a letto o in poltrona', 'Acamado ou confinado à cadeira', 'Alité ou au fauteuil', 'Encamado o en silla', 'Κατάκοιτος ή καθηλωμένος σε καρέκλα', 'Imobilizat la pat sau în scaun')],
      [1, t('Gets out of bed or chair but does not go out', 'Si alza dal letto o dalla sedia ma non esce', 'Levanta-se da cama ou cadeira mas não sai de casa', 'Se lève du lit ou du fauteuil mais ne sort pas', 'Se levanta de la cama o silla pero no sale', 'Σηκώνεται από κρεβάτι ή καρέκλα αλλά δεν βγαίνει έξω', 'Se ridică din pat sau scaun, dar nu iese din casă')],
      [2, t('Goes out', 'Esce di casa', 'Sai de casa', 'Sort de chez lui', 'Sale de casa', 'Βγαίνει έξω', 'Iese din casă')],
    )),
    choice('mnasf-4', t('D. Psychological stress or acute disease in the past 3 months', 'D. Stress psicologico o malattia acuta negli ultimi 3 mesi', 'D. Stress psicológico ou doença aguda nos últimos 3 meses', 'D. Stress psychologique ou maladie aiguë au cours des 3 derniers mois', 'D. Estrés psicológico o enfermedad aguda en los últimos 3 meses', 'Δ. Ψυχολογικό στρες ή οξεία νόσος τους τελευταίους 3 μήνες', 'D. Stres psihologic sau boală acută în ultimele 3 luni'), options(
      [0, t('Yes', 'Sì', 'Sim', 'Oui', 'Sí', 'Ναι', 'Da')],
      [2, t('No', 'No', 'Não', 'Non', 'No', 'Όχι', 'Nu')],
    )),
    choice('mnasf-5', t('E. Neuropsychological problems', 'E. Problemi neuropsicologici', 'E. Problemas neuropsicológicos', 'E. Problèmes neuropsychologiques', 'E. Problemas neuropsicológicos', 'Ε. Νευροψυχολογικά προβλήματα', 'E. Probleme neuropsihologice'), options(
      [0, t('Severe dementia or depression', 'Demenza o depressione grave', 'Demência ou depressão grave', 'Démence ou dépression sévère', 'Demencia o depresión grave', 'Σοβαρή άνοια ή κατάθλιψη', 'Demență sau depresie severă')],
      [1, t('Mild dementia', 'Demenza lieve', 'Demência ligeira', 'Démence légère', 'Demencia leve', 'Ήπια άνοια', 'Demență ușoară')],
      [2, t('No psychological problems', 'Nessun problema psicologico', 'Sem problemas psicológicos', 'Pas de problème psychologique', 'Sin problemas psicológicos', 'Κανένα ψυχολογικό πρόβλημα', 'Fără probleme psihologice')],
    )),
    choice(F1, t('F1. Body mass index (kg/m²)', 'F1. Indice di massa corporea (kg/m²)', 'F1. Índice de massa corporal (kg/m²)', 'F1. Indice de masse corporelle (kg/m²)', 'F1. Índice de masa corporal (kg/m²)', 'ΣΤ1. Δείκτης μάζας σώματος (kg/m²)', 'F1. Indicele de masă corporală (kg/m²)'), options(
      [0, t('Under 19', 'Meno di 19', 'Menos de 19', 'Moins de 19', 'Menos de 19', 'Κάτω από 19', 'Sub 19')],
      [1, t('19 to under 21', 'Da 19 a meno di 21', '19 a menos de 21', '19 à moins de 21', '19 a menos de 21', '19 έως κάτω από 21', '19 până sub 21')],
      [2, t('21 to under 23', 'Da 21 a meno di 23', '21 a menos de 23', '21 à moins de 23', '21 a menos de 23', '21 έως κάτω από 23', '21 până sub 23')],
      [3, t('23 or more', '23 o più', '23 ou mais', '23 ou plus', '23 o más', '23 ή περισσότερο', '23 sau mai mult')],
    ), { optional: true }),
    choice(F2, t('F2. Calf circumference (only if BMI is not available)', 'F2. Circonferenza del polpaccio (solo se l’IMC non è disponibile)', 'F2. Perímetro da perna (apenas se o IMC não estiver disponível)', 'F2. Circonférence du mollet (seulement si l’IMC n’est pas disponible)', 'F2. Circunferencia de la pantorrilla (solo si no se dispone del IMC)', 'ΣΤ2. Περίμετρος γάμπας (μόνο αν δεν υπάρχει ΔΜΣ)', 'F2. Circumferința gambei (doar dacă IMC nu este disponibil)'), options(
      [0, t('Under 31 cm', 'Meno di 31 cm', 'Menos de 31 cm', 'Moins de 31 cm', 'Menos de 31 cm', 'Κάτω από 31 cm', 'Sub 31 cm')],
      [3, t('31 cm or more', '31 cm o più', '31 cm ou mais', '31 cm ou plus', '31 cm o más', '31 cm ή περισσότερο', '31 cm sau mai mult')],
    ), { optional: true }),
  ],
  bands: [
    band('malnourished', t('Malnourished', 'Malnutrito', 'Desnutrido', 'Dénutri', 'Malnutrido', 'Υποσιτισμένος', 'Malnutrit'), t('Score 0–7.', 'Punteggio 0–7.', 'Pontuação 0–7.', 'Score 0–7.', 'Puntuación 0–7.', 'Βαθμολογία 0–7.', 'Scor 0–7.'), true),
    band('at-risk', t('At risk of malnutrition', 'A rischio di malnutrizione', 'Em risco de desnutrição', 'À risque de dénutrition', 'En riesgo de malnutrición', 'Σε κίνδυνο υποσιτισμού', 'Risc de malnutriție'), t('Score 8–11.', 'Punteggio 8–11.', 'Pontuação 8–11.', 'Score 8–11.', 'Puntuación 8–11.', 'Βαθμολογία 8–11.', 'Scor 8–11.'), true),
    band('normal', t('Normal nutritional status', 'Stato nutrizionale normale', 'Estado nutricional normal', 'État nutritionnel normal', 'Estado nutricional normal', 'Φυσιολογική θρέψη', 'Stare nutrițională normală'), t('Score 12–14.', 'Punteggio 12–14.', 'Pontuação 12–14.', 'Score 12–14.', 'Puntuación 12–14.', 'Βαθμολογία 12–14.', 'Scor 12–14.')),
  ],
  score(answers) {
    const core = sumOf(answers, CORE);
    const anthropometry = numberAt(answers, F1) ?? numberAt(answers, F2);
    const total = core === null || anthropometry === undefined ? null : core + anthropometry;
    return { total, band: bandOrNull(total, [[7, 'malnourished'], [11, 'at-risk'], [Infinity, 'normal']]) };
  },
};
