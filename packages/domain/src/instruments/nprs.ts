import { band, integer, t } from './define.ts';
import { sumScorer } from './scoring.ts';
import type { InstrumentDef } from './types.ts';

/** Numeric Pain Rating Scale (NRS-11); bands of the Canadian Physiotherapy Association pain-science division. */
export const nprs: InstrumentDef = {
  id: 'nprs',
  version: '1.0.0',
  title: t('Numeric Pain Rating Scale', 'Scala numerica di valutazione del dolore', 'Escala numérica da dor', 'Échelle numérique de la douleur', 'Escala numérica del dolor', 'Αριθμητική κλίμακα πόνου', 'Scala numerică de evaluare a durerii'),
  description: t(
    'Pain intensity from 0 (no pain) to 10 (worst pain imaginable); a change of about 2 points is clinically important.',
    'Intensità del dolore da 0 (nessun dolore) a 10 (il peggior dolore immaginabile); una variazione di circa 2 punti è clinicamente rilevante.',
    'Intensidade da dor de 0 (sem dor) a 10 (a pior dor imaginável); uma variação de cerca de 2 pontos é clinicamente relevante.',
    'Intensité de la douleur de 0 (aucune douleur) à 10 (pire douleur imaginable) ; une variation d’environ 2 points est cliniquement importante.',
    'Intensidad del dolor de 0 (sin dolor) a 10 (el peor dolor imaginable); un cambio de unos 2 puntos es clínicamente relevante.',
    'Ένταση του πόνου από 0 (καθόλου πόνος) έως 10 (ο χειρότερος πόνος που μπορεί να φανταστεί κανείς)· μεταβολή περίπου 2 μονάδων είναι κλινικά σημαντική.',
    'Intensitatea durerii de la 0 (nicio durere) la 10 (cea mai puternică durere imaginabilă); o schimbare de aproximativ 2 puncte este relevantă clinic.',
  ),
  range: { min: 0, max: 10 },
  items: [
    integer(
      'nprs-1',
      t('How intense is the pain?', 'Quanto è intenso il dolore?', 'Qual é a intensidade da dor?', 'Quelle est l’intensité de la douleur ?', '¿Qué intensidad tiene el dolor?', 'Πόσο έντονος είναι ο πόνος;', 'Cât de intensă este durerea?'),
      { min: 0, max: 10 },
      {
        anchors: {
          min: t('No pain', 'Nessun dolore', 'Sem dor', 'Aucune douleur', 'Sin dolor', 'Καθόλου πόνος', 'Nicio durere'),
          max: t('Worst pain imaginable', 'Il peggior dolore immaginabile', 'A pior dor imaginável', 'Pire douleur imaginable', 'El peor dolor imaginable', 'Ο χειρότερος πόνος που μπορεί να φανταστεί κανείς', 'Cea mai puternică durere imaginabilă'),
        },
      },
    ),
  ],
  bands: [
    band('no-pain', t('No pain', 'Nessun dolore', 'Sem dor', 'Aucune douleur', 'Sin dolor', 'Καθόλου πόνος', 'Nicio durere'), t('Rating 0: the patient reports no pain.', 'Valore 0: il paziente non riferisce dolore.', 'Valor 0: o doente não refere dor.', 'Note 0 : le patient ne signale aucune douleur.', 'Valor 0: el paciente no refiere dolor.', 'Τιμή 0: ο ασθενής δεν αναφέρει πόνο.', 'Valoare 0: pacientul nu raportează durere.')),
    band('mild', t('Mild pain', 'Dolore lieve', 'Dor ligeira', 'Douleur légère', 'Dolor leve', 'Ήπιος πόνος', 'Durere ușoară'), t('Rating 1–3: mild pain, usually compatible with daily activities.', 'Valore 1–3: dolore lieve, di solito compatibile con le attività quotidiane.', 'Valor 1–3: dor ligeira, geralmente compatível com as atividades diárias.', 'Note 1–3 : douleur légère, généralement compatible avec les activités quotidiennes.', 'Valor 1–3: dolor leve, en general compatible con las actividades diarias.', 'Τιμή 1–3: ήπιος πόνος, συνήθως συμβατός με τις καθημερινές δραστηριότητες.', 'Valoare 1–3: durere ușoară, de obicei compatibilă cu activitățile zilnice.')),
    band('moderate', t('Moderate pain', 'Dolore moderato', 'Dor moderada', 'Douleur modérée', 'Dolor moderado', 'Μέτριος πόνος', 'Durere moderată'), t('Rating 4–6: moderate pain that interferes with some activities; review pain management.', 'Valore 4–6: dolore moderato che interferisce con alcune attività; rivedere la gestione del dolore.', 'Valor 4–6: dor moderada que interfere com algumas atividades; rever o controlo da dor.', 'Note 4–6 : douleur modérée qui gêne certaines activités ; revoir la prise en charge de la douleur.', 'Valor 4–6: dolor moderado que interfiere con algunas actividades; revisar el manejo del dolor.', 'Τιμή 4–6: μέτριος πόνος που επηρεάζει ορισμένες δραστηριότητες· επανεξετάστε τη διαχείριση του πόνου.', 'Valoare 4–6: durere moderată care afectează unele activități; revizuiți managementul durerii.')),
    band('severe', t('Severe pain', 'Dolore intenso', 'Dor intensa', 'Douleur sévère', 'Dolor intenso', 'Έντονος πόνος', 'Durere severă'), t('Rating 7–10: severe pain that limits daily life; needs prompt attention.', 'Valore 7–10: dolore intenso che limita la vita quotidiana; richiede attenzione tempestiva.', 'Valor 7–10: dor intensa que limita a vida diária; requer atenção rápida.', 'Note 7–10 : douleur sévère qui limite la vie quotidienne ; nécessite une prise en charge rapide.', 'Valor 7–10: dolor intenso que limita la vida diaria; requiere atención inmediata.', 'Τιμή 7–10: έντονος πόνος που περιορίζει την καθημερινότητα· χρειάζεται άμεση προσοχή.', 'Valoare 7–10: durere severă care limitează viața de zi cu zi; necesită atenție promptă.'), true),
  ],
  score: sumScorer(['nprs-1'], [[0, 'no-pain'], [3, 'mild'], [6, 'moderate'], [Infinity, 'severe']]),
};
