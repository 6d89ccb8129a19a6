import { bandOrNull } from './bands.ts';
import { band, choice, integer, options, t } from './define.ts';
import { numberAt } from './scoring.ts';
import type { InstrumentDef } from './types.ts';

/**
 * Godin-Shephard Leisure-Time Exercise Questionnaire: 9·S + 5·M + 3·L, banded on that full total
 * (SPEC §5, catalogue Decisions). Counts above 50 a week are refused as implausible entries.
 */
export const GODIN_MAX_TIMES_PER_WEEK = 50;
const perWeek = { min: 0, max: GODIN_MAX_TIMES_PER_WEEK };
const unit = 'times/week';

export const godin: InstrumentDef = {
  id: 'godin',
  version: '1.0.0',
  title: t('Godin-Shephard Leisure-Time Exercise Questionnaire', 'Questionario di Godin-Shephard sull’attività fisica nel tempo libero', 'Questionário de Exercício no Tempo Livre de Godin-Shephard', 'Questionnaire de Godin-Shephard sur l’exercice pendant les loisirs', 'Cuestionario de Godin-Shephard de ejercicio en el tiempo libre', 'Ερωτηματολόγιο Godin-Shephard για την άσκηση στον ελεύθερο χρόνο', 'Chestionarul Godin-Shephard privind exercițiile din timpul liber'),
  description: t(
    'Times per typical week of strenuous, moderate and mild exercise of more than 15 minutes; score 9 × strenuous + 5 × moderate + 3 × mild.',
    'Volte in una settimana tipo di esercizio intenso, moderato e leggero di oltre 15 minuti; punteggio 9 × intenso + 5 × moderato + 3 × leggero.',
    'Vezes por semana típica de exercício intenso, moderado e ligeiro de mais de 15 minutos; pontuação 9 × intenso + 5 × moderado + 3 × ligeiro.',
    'Nombre de fois par semaine type d’exercice intense, modéré et léger de plus de 15 minutes ; score 9 × intense + 5 × modéré + 3 × léger.',
    'Veces por semana típica de ejercicio intenso, moderado y ligero de más de 15 minutos; puntuación 9 × intenso + 5 × moderado + 3 × ligero.',
    'Φορές σε μια τυπική εβδομάδα έντονης, μέτριας και ήπιας άσκησης άνω των 15 λεπτών· βαθμολογία 9 × έντονη + 5 × μέτρια + 3 × ήπια.',
    'Numărul de ori pe săptămână obișnuită de exerciții intense, moderate și ușoare de peste 15 minute; scor 9 × intens + 5 × moderat + 3 × ușor.',
  ),
  range: { min: 0, max: 17 * GODIN_MAX_TIMES_PER_WEEK },
  items: [
    integer('godin-1', t('Strenuous exercise (heart beats rapidly), more than 15 minutes: times per week', 'Esercizio intenso (il cuore batte velocemente), oltre 15 minuti: volte alla settimana', 'Exercício intenso (coração bate depressa), mais de 15 minutos: vezes por semana', 'Exercice intense (le cœur bat vite), plus de 15 minutes : fois par semaine', 'Ejercicio intenso (el corazón late rápido), más de 15 minutos: veces por semana', 'Έντονη άσκηση (η καρδιά χτυπά γρήγορα), πάνω από 15 λεπτά: φορές την εβδομάδα', 'Exerciții intense (inima bate repede), peste 15 minute: de câte ori pe săptămână'), perWeek, { unit }),
    integer('godin-2', t('Moderate exercise (not exhausting), more than 15 minutes: times per week', 'Esercizio moderato (non faticoso), oltre 15 minuti: volte alla settimana', 'Exercício moderado (não cansativo), mais de 15 minutos: vezes por semana', 'Exercice modéré (pas épuisant), plus de 15 minutes : fois par semaine', 'Ejercicio moderado (no agotador), más de 15 minutos: veces por semana', 'Μέτρια άσκηση (όχι εξαντλητική), πάνω από 15 λεπτά: φορές την εβδομάδα', 'Exerciții moderate (nu epuizante), peste 15 minute: de câte ori pe săptămână'), perWeek, { unit }),
    integer('godin-3', t('Mild exercise (minimal effort), more than 15 minutes: times per week', 'Esercizio leggero (sforzo minimo), oltre 15 minuti: volte alla settimana', 'Exercício ligeiro (esforço mínimo), mais de 15 minutos: vezes por semana', 'Exercice léger (effort minimal), plus de 15 minutes : fois par semaine', 'Ejercicio ligero (esfuerzo mínimo), más de 15 minutos: veces por semana', 'Ήπια άσκηση (ελάχιστη προσπάθεια), πάνω από 15 λεπτά: φορές την εβδομάδα', 'Exerciții ușoare (efort minim), peste 15 minute: de câte ori pe săptămână'), perWeek, { unit }),
    choice('godin-4', t('In a typical week, how often is the activity long enough to work up a sweat?', 'In una settimana tipo, quanto spesso l’attività dura abbastanza da farla sudare?', 'Numa semana típica, com que frequência a atividade dura o suficiente para transpirar?', 'Au cours d’une semaine type, combien de fois l’activité dure-t-elle assez pour transpirer ?', 'En una semana típica, ¿con qué frecuencia la actividad dura lo suficiente para sudar?', 'Σε μια τυπική εβδομάδα, πόσο συχνά η δραστηριότητα διαρκεί αρκετά ώστε να ιδρώσετε;', 'Într-o săptămână obișnuită, cât de des durează activitatea suficient cât să transpirați?'), options(
      [1, t('Often', 'Spesso', 'Muitas vezes', 'Souvent', 'A menudo', 'Συχνά', 'Des')],
      [2, t('Sometimes', 'A volte', 'Às vezes', 'Parfois', 'A veces', 'Μερικές φορές', 'Uneori')],
      [3, t('Never or rarely', 'Mai o raramente', 'Nunca ou raramente', 'Jamais ou rarement', 'Nunca o rara vez', 'Ποτέ ή σπάνια', 'Niciodată sau rar')],
    ), { scored: false }),
  ],
  bands: [
    band('insufficiently-active', t('Insufficiently active', 'Insufficientemente attivo', 'Insuficientemente ativo', 'Insuffisamment actif', 'Insuficientemente activo', 'Ανεπαρκώς δραστήριος', 'Insuficient de activ'), t('Score under 14: sedentary or insufficiently active.', 'Punteggio inferiore a 14: sedentario o insufficientemente attivo.', 'Pontuação inferior a 14: sedentário ou insuficientemente ativo.', 'Score inférieur à 14 : sédentaire ou insuffisamment actif.', 'Puntuación inferior a 14: sedentario o insuficientemente activo.', 'Βαθμολογία κάτω από 14: καθιστική ζωή ή ανεπαρκής δραστηριότητα.', 'Scor sub 14: sedentar sau insuficient de activ.'), true),
    band('moderately-active', t('Moderately active', 'Moderatamente attivo', 'Moderadamente ativo', 'Modérément actif', 'Moderadamente activo', 'Μέτρια δραστήριος', 'Moderat activ'), t('Score 14–23.', 'Punteggio 14–23.', 'Pontuação 14–23.', 'Score 14–23.', 'Puntuación 14–23.', 'Βαθμολογία 14–23.', 'Scor 14–23.')),
    band('active', t('Active', 'Attivo', 'Ativo', 'Actif', 'Activo', 'Δραστήριος', 'Activ'), t('Score 24 or more.', 'Punteggio 24 o più.', 'Pontuação 24 ou mais.', 'Score de 24 ou plus.', 'Puntuación de 24 o más.', 'Βαθμολογία 24 ή περισσότερο.', 'Scor 24 sau mai mult.')),
  ],
  subscales: [{ key: 'moderateStrenuous', type: 'integer' }],
  score(answers) {
    const [strenuous, moderate, mild] = ['godin-1', 'godin-2', 'godin-3'].map((id) => numberAt(answers, id));
    const moderateStrenuous = strenuous === undefined || moderate === undefined ? null : 9 * strenuous + 5 * moderate;
    const total = moderateStrenuous === null || mild === undefined ? null : moderateStrenuous + 3 * mild;
    return {
      total,
      band: bandOrNull(total, [[13, 'insufficiently-active'], [23, 'moderately-active'], [Infinity, 'active']]),
      subscales: { moderateStrenuous },
    };
  },
};
