import { bandFor } from './bands.ts';
import { band, t, yesNo } from './define.ts';
import { itemIds } from './scoring.ts';
import type { Answers, InstrumentDef, Localized } from './types.ts';

/**
 * Rapid Assessment of Physical Activity (Topolski 2006): 9 yes/no statements. The total is the
 * aerobic score = the highest of items 1–7 answered yes (1–7), banded; strength/flexibility is
 * 0 none, 1 strength, 2 flexibility, 3 both. No "yes" among 1–7 leaves the aerobic score undefined.
 */
const AEROBIC = itemIds('rapa', 7);
const BANDS = [[1, 'sedentary'], [2, 'under-active'], [3, 'under-active-regular-light'], [5, 'under-active-regular'], [Infinity, 'active']] as const;

const aerobicGroup = t('Aerobic activity', 'Attività aerobica', 'Atividade aeróbica', 'Activité aérobie', 'Actividad aeróbica', 'Αερόβια δραστηριότητα', 'Activitate aerobă');
const strengthGroup = t('Strength and flexibility', 'Forza e flessibilità', 'Força e flexibilidade', 'Force et souplesse', 'Fuerza y flexibilidad', 'Δύναμη και ευλυγισία', 'Forță și flexibilitate');

const statements: Localized[] = [
  t('Rarely or never physically active', 'Raramente o mai fisicamente attivo/a', 'Raramente ou nunca fisicamente ativo/a', 'Rarement ou jamais physiquement actif/active', 'Rara vez o nunca físicamente activo/a', 'Σπάνια ή ποτέ σωματικά δραστήριος/α', 'Rareori sau niciodată activ(ă) fizic'),
  t('Some light or moderate activity, but not every week', 'Qualche attività leggera o moderata, ma non ogni settimana', 'Alguma atividade ligeira ou moderada, mas não todas as semanas', 'Quelques activités légères ou modérées, mais pas chaque semaine', 'Algo de actividad ligera o moderada, pero no todas las semanas', 'Κάποια ελαφριά ή μέτρια δραστηριότητα, αλλά όχι κάθε εβδομάδα', 'Ceva activitate ușoară sau moderată, dar nu în fiecare săptămână'),
  t('Some light activity every week', 'Qualche attività leggera ogni settimana', 'Alguma atividade ligeira todas as semanas', 'Quelques activités légères chaque semaine', 'Algo de actividad ligera todas las semanas', 'Κάποια ελαφριά δραστηριότητα κάθε εβδομάδα', 'Ceva activitate ușoară în fiecare săptămână'),
  t('Moderate activity every week, but under 30 minutes a day or under 5 days a week', 'Attività moderata ogni settimana, ma meno di 30 minuti al giorno o meno di 5 giorni a settimana', 'Atividade moderada todas as semanas, mas menos de 30 minutos por dia ou menos de 5 dias por semana', 'Activité modérée chaque semaine, mais moins de 30 minutes par jour ou moins de 5 jours par semaine', 'Actividad moderada todas las semanas, pero menos de 30 minutos al día o menos de 5 días a la semana', 'Μέτρια δραστηριότητα κάθε εβδομάδα, αλλά λιγότερο από 30 λεπτά την ημέρα ή λιγότερες από 5 ημέρες την εβδομάδα', 'Activitate moderată în fiecare săptămână, dar sub 30 de minute pe zi sau sub 5 zile pe săptămână'),
  t('Vigorous activity every week, but under 20 minutes a day or under 3 days a week', 'Attività intensa ogni settimana, ma meno di 20 minuti al giorno o meno di 3 giorni a settimana', 'Atividade vigorosa todas as semanas, mas menos de 20 minutos por dia ou menos de 3 dias por semana', 'Activité intense chaque semaine, mais moins de 20 minutes par jour ou moins de 3 jours par semaine', 'Actividad vigorosa todas las semanas, pero menos de 20 minutos al día o menos de 3 días a la semana', 'Έντονη δραστηριότητα κάθε εβδομάδα, αλλά λιγότερο από 20 λεπτά την ημέρα ή λιγότερες από 3 ημέρες την εβδομάδα', 'Activitate intensă în fiecare săptămână, dar sub 20 de minute pe zi sau sub 3 zile pe săptămână'),
  t('Moderate activity of 30 minutes or more a day, on 5 or more days a week', 'Attività moderata di almeno 30 minuti al giorno, 5 o più giorni a settimana', 'Atividade moderada de 30 minutos ou mais por dia, em 5 ou mais dias por semana', 'Activité modérée d’au moins 30 minutes par jour, 5 jours ou plus par semaine', 'Actividad moderada de 30 minutos o más al día, 5 o más días a la semana', 'Μέτρια δραστηριότητα 30 λεπτών ή περισσότερο την ημέρα, 5 ή περισσότερες ημέρες την εβδομάδα', 'Activitate moderată de cel puțin 30 de minute pe zi, 5 sau mai multe zile pe săptămână'),
  t('Vigorous activity of 20 minutes or more a day, on 3 or more days a week', 'Attività intensa di almeno 20 minuti al giorno, 3 o più giorni a settimana', 'Atividade vigorosa de 20 minutos ou mais por dia, em 3 ou mais dias por semana', 'Activité intense d’au moins 20 minutes par jour, 3 jours ou plus par semaine', 'Actividad vigorosa de 20 minutos o más al día, 3 o más días a la semana', 'Έντονη δραστηριότητα 20 λεπτών ή περισσότερο την ημέρα, 3 ή περισσότερες ημέρες την εβδομάδα', 'Activitate intensă de cel puțin 20 de minute pe zi, 3 sau mai multe zile pe săptămână'),
  t('Muscle-strengthening activities (e.g. weights) once a week or more', 'Attività di rinforzo muscolare (es. pesi) una o più volte a settimana', 'Atividades de fortalecimento muscular (ex.: pesos) uma ou mais vezes por semana', 'Activités de renforcement musculaire (ex. poids) une fois par semaine ou plus', 'Actividades de fortalecimiento muscular (p. ej., pesas) una vez a la semana o más', 'Ασκήσεις μυϊκής ενδυνάμωσης (π.χ. βάρη) μία ή περισσότερες φορές την εβδομάδα', 'Exerciții de întărire musculară (de ex. greutăți) o dată pe săptămână sau mai des'),
  t('Flexibility activities (e.g. stretching, yoga) once a week or more', 'Attività di flessibilità (es. stretching, yoga) una o più volte a settimana', 'Atividades de flexibilidade (ex.: alongamentos, ioga) uma ou mais vezes por semana', 'Activités d’assouplissement (ex. étirements, yoga) une fois par semaine ou plus', 'Actividades de flexibilidad (p. ej., estiramientos, yoga) una vez a la semana o más', 'Ασκήσεις ευλυγισίας (π.χ. διατάσεις, γιόγκα) μία ή περισσότερες φορές την εβδομάδα', 'Exerciții de flexibilitate (de ex. stretching, yoga) o dată pe săptămână sau mai des'),
];

function score(answers: Answers) {
  const aerobicAnswers = AEROBIC.map((id) => answers[id]);
  const complete = aerobicAnswers.every((v) => typeof v === 'boolean');
  const highestYes = aerobicAnswers.lastIndexOf(true) + 1;
  const aerobic = complete && highestYes > 0 ? highestYes : null;
  const strength = answers['rapa-8'];
  const flexibility = answers['rapa-9'];
  const strengthFlexibility =
    typeof strength === 'boolean' && typeof flexibility === 'boolean' ? (strength ? 1 : 0) + (flexibility ? 2 : 0) : null;
  return {
    total: aerobic,
    band: aerobic === null ? null : bandFor(aerobic, BANDS),
    subscales: { aerobic, strengthFlexibility },
  };
}

export const rapa: InstrumentDef = {
  id: 'rapa',
  version: '1.0.0',
  title: t('Rapid Assessment of Physical Activity (RAPA)', 'Valutazione rapida dell’attività fisica (RAPA)', 'Avaliação rápida da atividade física (RAPA)', 'Évaluation rapide de l’activité physique (RAPA)', 'Evaluación rápida de la actividad física (RAPA)', 'Ταχεία αξιολόγηση σωματικής δραστηριότητας (RAPA)', 'Evaluarea rapidă a activității fizice (RAPA)'),
  description: t(
    'Nine yes/no statements on usual physical activity: aerobic level 1 (sedentary) to 7 (active), plus strength and flexibility.',
    'Nove affermazioni sì/no sull’attività fisica abituale: livello aerobico da 1 (sedentario) a 7 (attivo), più forza e flessibilità.',
    'Nove afirmações sim/não sobre a atividade física habitual: nível aeróbico de 1 (sedentário) a 7 (ativo), mais força e flexibilidade.',
    'Neuf affirmations oui/non sur l’activité physique habituelle : niveau aérobie de 1 (sédentaire) à 7 (actif), plus force et souplesse.',
    'Nueve afirmaciones sí/no sobre la actividad física habitual: nivel aeróbico de 1 (sedentario) a 7 (activo), más fuerza y flexibilidad.',
    'Εννέα δηλώσεις ναι/όχι για τη συνήθη σωματική δραστηριότητα: αερόβιο επίπεδο από 1 (καθιστική ζωή) έως 7 (δραστήριος), καθώς και δύναμη και ευλυγισία.',
    'Nouă afirmații da/nu despre activitatea fizică obișnuită: nivel aerob de la 1 (sedentar) la 7 (activ), plus forță și flexibilitate.',
  ),
  range: { min: 1, max: 7 },
  groups: [
    { key: 'aerobic', title: aerobicGroup },
    { key: 'strength-flexibility', title: strengthGroup },
  ],
  items: statements.map((text, i) => yesNo(`rapa-${i + 1}`, text, { group: i < 7 ? 'aerobic' : 'strength-flexibility' })),
  bands: [
    band('sedentary', t('Sedentary', 'Sedentario', 'Sedentário', 'Sédentaire', 'Sedentario', 'Καθιστική ζωή', 'Sedentar'), t('Aerobic level 1: rarely or never active; encourage regular activity.', 'Livello aerobico 1: raramente o mai attivo; incoraggiare un’attività regolare.', 'Nível aeróbico 1: raramente ou nunca ativo; incentivar atividade regular.', 'Niveau aérobie 1 : rarement ou jamais actif ; encourager une activité régulière.', 'Nivel aeróbico 1: rara vez o nunca activo; fomentar la actividad regular.', 'Αερόβιο επίπεδο 1: σπάνια ή ποτέ δραστήριος· ενθαρρύνετε τακτική δραστηριότητα.', 'Nivel aerob 1: rareori sau niciodată activ; încurajați activitatea regulată.'), true),
    band('under-active', t('Under-active', 'Poco attivo', 'Pouco ativo', 'Peu actif', 'Poco activo', 'Ανεπαρκώς δραστήριος', 'Insuficient activ'), t('Aerobic level 2: some activity, but not every week; suboptimal.', 'Livello aerobico 2: qualche attività, ma non ogni settimana; insufficiente.', 'Nível aeróbico 2: alguma atividade, mas não semanal; insuficiente.', 'Niveau aérobie 2 : un peu d’activité, mais pas chaque semaine ; insuffisant.', 'Nivel aeróbico 2: algo de actividad, pero no semanal; insuficiente.', 'Αερόβιο επίπεδο 2: κάποια δραστηριότητα, αλλά όχι κάθε εβδομάδα· ανεπαρκής.', 'Nivel aerob 2: ceva activitate, dar nu săptămânal; insuficient.'), true),
    band('under-active-regular-light', t('Under-active, regular light activity', 'Poco attivo, attività leggera regolare', 'Pouco ativo, atividade ligeira regular', 'Peu actif, activité légère régulière', 'Poco activo, actividad ligera regular', 'Ανεπαρκώς δραστήριος, τακτική ελαφριά δραστηριότητα', 'Insuficient activ, activitate ușoară regulată'), t('Aerobic level 3: light activity every week; below recommended levels.', 'Livello aerobico 3: attività leggera ogni settimana; sotto i livelli raccomandati.', 'Nível aeróbico 3: atividade ligeira todas as semanas; abaixo dos níveis recomendados.', 'Niveau aérobie 3 : activité légère chaque semaine ; en dessous des niveaux recommandés.', 'Nivel aeróbico 3: actividad ligera todas las semanas; por debajo de lo recomendado.', 'Αερόβιο επίπεδο 3: ελαφριά δραστηριότητα κάθε εβδομάδα· κάτω από τα συνιστώμενα επίπεδα.', 'Nivel aerob 3: activitate ușoară săptămânală; sub nivelurile recomandate.')),
    band('under-active-regular', t('Under-active, regular activity', 'Poco attivo, attività regolare', 'Pouco ativo, atividade regular', 'Peu actif, activité régulière', 'Poco activo, actividad regular', 'Ανεπαρκώς δραστήριος, τακτική δραστηριότητα', 'Insuficient activ, activitate regulată'), t('Aerobic level 4–5: weekly moderate or vigorous activity, but less than recommended.', 'Livello aerobico 4–5: attività moderata o intensa ogni settimana, ma meno di quanto raccomandato.', 'Nível aeróbico 4–5: atividade moderada ou vigorosa semanal, mas abaixo do recomendado.', 'Niveau aérobie 4–5 : activité modérée ou intense chaque semaine, mais moins que recommandé.', 'Nivel aeróbico 4–5: actividad moderada o vigorosa semanal, pero menos de lo recomendado.', 'Αερόβιο επίπεδο 4–5: εβδομαδιαία μέτρια ή έντονη δραστηριότητα, αλλά λιγότερη από τη συνιστώμενη.', 'Nivel aerob 4–5: activitate moderată sau intensă săptămânală, dar sub cea recomandată.')),
    band('active', t('Active', 'Attivo', 'Ativo', 'Actif', 'Activo', 'Δραστήριος', 'Activ'), t('Aerobic level 6–7: meets the recommended amount of moderate or vigorous activity.', 'Livello aerobico 6–7: raggiunge la quantità raccomandata di attività moderata o intensa.', 'Nível aeróbico 6–7: cumpre a quantidade recomendada de atividade moderada ou vigorosa.', 'Niveau aérobie 6–7 : atteint la quantité recommandée d’activité modérée ou intense.', 'Nivel aeróbico 6–7: alcanza la cantidad recomendada de actividad moderada o vigorosa.', 'Αερόβιο επίπεδο 6–7: καλύπτει τη συνιστώμενη ποσότητα μέτριας ή έντονης δραστηριότητας.', 'Nivel aerob 6–7: atinge cantitatea recomandată de activitate moderată sau intensă.')),
  ],
  subscales: [{ key: 'aerobic', type: 'integer' }, { key: 'strengthFlexibility', type: 'integer' }],
  score,
};
