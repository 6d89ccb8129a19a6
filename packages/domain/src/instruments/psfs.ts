import { integer, t } from './define.ts';
import { itemIds, numberAt } from './scoring.ts';
import type { Answers, InstrumentDef } from './types.ts';

/**
 * Patient-Specific Functional Scale (Stratford 1995), as the protocol has it (SPEC §3 "PSFP: up to
 * 5 activities and up to 2 supplements"): up to 5 activities the patient named at the first
 * assessment (SPEC §4) and up to 2 supplementary ones named at a later assessment (the two
 * "Additional" rows of the PSFS scoring form), each rated 0–10; total = mean of the rated
 * activities, the form's "sum of the activity scores / number of activities". The activity names
 * live with the patient's assessment, not in this answer set. No bands. Version 1.1.0 added the
 * supplements (psfs-6, psfs-7); 1.0.0 responses have the same first five items.
 */
const NOMINATED = 5;
const SUPPLEMENTS = 2;
const ACTIVITIES = itemIds('psfs', NOMINATED + SUPPLEMENTS);

const nominatedHelp = t('The activity the patient named at the first assessment.', 'L’attività indicata dal paziente alla prima valutazione.', 'A atividade indicada pelo doente na primeira avaliação.', 'L’activité citée par le patient lors de la première évaluation.', 'La actividad indicada por el paciente en la primera valoración.', 'Η δραστηριότητα που όρισε ο ασθενής στην πρώτη αξιολόγηση.', 'Activitatea numită de pacient la prima evaluare.');
const supplementHelp = t(
  'A supplementary activity (at most 2) the patient named at a later assessment.',
  'Un’attività supplementare (al massimo 2) indicata dal paziente in una valutazione successiva.',
  'Uma atividade suplementar (no máximo 2) indicada pelo doente numa avaliação posterior.',
  'Une activité supplémentaire (2 au plus) citée par le patient lors d’une évaluation ultérieure.',
  'Una actividad suplementaria (como máximo 2) indicada por el paciente en una valoración posterior.',
  'Μια συμπληρωματική δραστηριότητα (το πολύ 2) που όρισε ο ασθενής σε μεταγενέστερη αξιολόγηση.',
  'O activitate suplimentară (cel mult 2) numită de pacient la o evaluare ulterioară.',
);

const activity = (linkId: string, n: number) =>
  integer(
    linkId,
    t(`Activity ${n}: ability to perform it today`, `Attività ${n}: capacità di svolgerla oggi`, `Atividade ${n}: capacidade de a realizar hoje`, `Activité ${n} : capacité à la réaliser aujourd’hui`, `Actividad ${n}: capacidad para realizarla hoy`, `Δραστηριότητα ${n}: ικανότητα εκτέλεσής της σήμερα`, `Activitatea ${n}: capacitatea de a o efectua astăzi`),
    { min: 0, max: 10 },
    {
      optional: n > 1,
      help: n > NOMINATED ? supplementHelp : nominatedHelp,
      anchors: {
        min: t('Unable to perform', 'Incapace di svolgerla', 'Incapaz de a realizar', 'Incapable de la réaliser', 'Incapaz de realizarla', 'Αδυναμία εκτέλεσης', 'Incapabil(ă) să o efectueze'),
        max: t('Able to perform as before the problem', 'Capace di svolgerla come prima del problema', 'Capaz de a realizar como antes do problema', 'Capable de la réaliser comme avant le problème', 'Capaz de realizarla como antes del problema', 'Ικανός/ή να την εκτελέσει όπως πριν από το πρόβλημα', 'Capabil(ă) să o efectueze ca înainte de problemă'),
      },
    },
  );

function score(answers: Answers) {
  // Activity 1 is the one every PSFS has; without it the response is not scorable.
  if (numberAt(answers, ACTIVITIES[0]) === undefined) return { total: null, band: null };
  const rated = ACTIVITIES.map((id) => numberAt(answers, id)).filter((v): v is number => v !== undefined);
  return { total: rated.reduce((a, b) => a + b, 0) / rated.length, band: null };
}

export const psfs: InstrumentDef = {
  id: 'psfs',
  version: '1.1.0',
  title: t('Patient-Specific Functional Scale', 'Scala funzionale specifica per il paziente', 'Escala funcional específica do doente', 'Échelle fonctionnelle spécifique au patient', 'Escala funcional específica del paciente', 'Εξατομικευμένη λειτουργική κλίμακα ασθενούς', 'Scala funcțională specifică pacientului'),
  description: t(
    'Up to 5 activities important to the patient and up to 2 supplementary ones named later, each rated 0 (unable) to 10 (as before the problem); score = mean rating. A change of 2 points in the mean is meaningful.',
    'Fino a 5 attività importanti per il paziente e fino a 2 supplementari indicate in seguito, ciascuna valutata da 0 (incapace) a 10 (come prima del problema); punteggio = media. Una variazione di 2 punti nella media è rilevante.',
    'Até 5 atividades importantes para o doente e até 2 suplementares indicadas mais tarde, cada uma avaliada de 0 (incapaz) a 10 (como antes do problema); pontuação = média. Uma variação de 2 pontos na média é relevante.',
    'Jusqu’à 5 activités importantes pour le patient et jusqu’à 2 supplémentaires citées plus tard, chacune notée de 0 (incapable) à 10 (comme avant le problème) ; score = moyenne. Une variation de 2 points de la moyenne est significative.',
    'Hasta 5 actividades importantes para el paciente y hasta 2 suplementarias indicadas después, cada una valorada de 0 (incapaz) a 10 (como antes del problema); puntuación = media. Un cambio de 2 puntos en la media es relevante.',
    'Έως 5 δραστηριότητες σημαντικές για τον ασθενή και έως 2 συμπληρωματικές που ορίζονται αργότερα, καθεμία από 0 (αδυναμία) έως 10 (όπως πριν από το πρόβλημα)· βαθμολογία = μέσος όρος. Μεταβολή 2 μονάδων στον μέσο όρο είναι σημαντική.',
    'Până la 5 activități importante pentru pacient și până la 2 suplimentare numite ulterior, fiecare evaluată de la 0 (incapabil) la 10 (ca înainte de problemă); scor = media. O schimbare de 2 puncte a mediei este relevantă.',
  ),
  range: { min: 0, max: 10 },
  items: ACTIVITIES.map((linkId, i) => activity(linkId, i + 1)),
  bands: [],
  score,
};
