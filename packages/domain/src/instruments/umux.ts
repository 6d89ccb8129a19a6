import { choiceItems, options, t } from './define.ts';
import { itemIds, numberAt } from './scoring.ts';
import type { Answers, InstrumentDef } from './types.ts';

/**
 * Usability Metric for User Experience (Finstad 2010): 4 items on 7 points, odd items positive,
 * even items reverse-keyed; score 0–100, unrounded. The catalogue gives no bands.
 */
const agreement = options(
  [1, t('Strongly disagree', 'Fortemente in disaccordo', 'Discordo totalmente', 'Pas du tout d’accord', 'Totalmente en desacuerdo', 'Διαφωνώ απόλυτα', 'Dezacord total')],
  [2, t('Disagree', 'In disaccordo', 'Discordo', 'Pas d’accord', 'En desacuerdo', 'Διαφωνώ', 'Dezacord')],
  [3, t('Somewhat disagree', 'Parzialmente in disaccordo', 'Discordo parcialmente', 'Plutôt pas d’accord', 'Algo en desacuerdo', 'Μάλλον διαφωνώ', 'Parțial dezacord')],
  [4, t('Neither agree nor disagree', 'Né d’accordo né in disaccordo', 'Não concordo nem discordo', 'Ni d’accord ni pas d’accord', 'Ni de acuerdo ni en desacuerdo', 'Ούτε συμφωνώ ούτε διαφωνώ', 'Nici acord, nici dezacord')],
  [5, t('Somewhat agree', 'Parzialmente d’accordo', 'Concordo parcialmente', 'Plutôt d’accord', 'Algo de acuerdo', 'Μάλλον συμφωνώ', 'Parțial de acord')],
  [6, t('Agree', 'D’accordo', 'Concordo', 'D’accord', 'De acuerdo', 'Συμφωνώ', 'De acord')],
  [7, t('Strongly agree', 'Fortemente d’accordo', 'Concordo totalmente', 'Tout à fait d’accord', 'Totalmente de acuerdo', 'Συμφωνώ απόλυτα', 'Total de acord')],
);

const statements = [
  t('The system’s features meet my needs.', 'Le funzioni del sistema soddisfano le mie esigenze.', 'As funcionalidades do sistema satisfazem as minhas necessidades.', 'Les fonctions du système répondent à mes besoins.', 'Las funciones del sistema cubren mis necesidades.', 'Οι λειτουργίες του συστήματος καλύπτουν τις ανάγκες μου.', 'Funcțiile sistemului îmi acoperă nevoile.'),
  t('Using the system is frustrating.', 'Usare il sistema è frustrante.', 'Usar o sistema é frustrante.', 'Utiliser le système est frustrant.', 'Usar el sistema resulta frustrante.', 'Η χρήση του συστήματος είναι απογοητευτική.', 'Utilizarea sistemului este frustrantă.'),
  t('The system is easy to use.', 'Il sistema è facile da usare.', 'O sistema é fácil de usar.', 'Le système est facile à utiliser.', 'El sistema es fácil de usar.', 'Το σύστημα είναι εύκολο στη χρήση.', 'Sistemul este ușor de utilizat.'),
  t('I spend too much time fixing mistakes when using the system.', 'Passo troppo tempo a correggere errori quando uso il sistema.', 'Passo demasiado tempo a corrigir erros quando uso o sistema.', 'Je passe trop de temps à corriger des erreurs en utilisant le système.', 'Paso demasiado tiempo corrigiendo errores al usar el sistema.', 'Αφιερώνω υπερβολικό χρόνο διορθώνοντας λάθη όταν χρησιμοποιώ το σύστημα.', 'Petrec prea mult timp corectând greșeli când folosesc sistemul.'),
];

const ITEMS = itemIds('umux', 4);

function score(answers: Answers) {
  const values = ITEMS.map((id) => numberAt(answers, id));
  if (values.some((v) => v === undefined)) return { total: null, band: null };
  // Positive items count (r − 1), reverse-keyed even items (7 − r); 4 items × 6 points = 24.
  const points = (values as number[]).reduce((sum, r, i) => sum + (i % 2 === 0 ? r - 1 : 7 - r), 0);
  return { total: (points / 24) * 100, band: null };
}

export const umux: InstrumentDef = {
  id: 'umux',
  version: '1.0.0',
  title: t('Usability Metric for User Experience (UMUX)', 'Metrica di usabilità dell’esperienza utente (UMUX)', 'Métrica de usabilidade da experiência do utilizador (UMUX)', 'Mesure d’utilisabilité de l’expérience utilisateur (UMUX)', 'Métrica de usabilidad de la experiencia de usuario (UMUX)', 'Μέτρο ευχρηστίας της εμπειρίας χρήστη (UMUX)', 'Măsura utilizabilității experienței utilizatorului (UMUX)'),
  description: t(
    'Four statements about the system on 7 points of agreement; score 0 (worst) to 100 (best usability).',
    'Quattro affermazioni sul sistema su 7 livelli di accordo; punteggio da 0 (peggiore) a 100 (migliore usabilità).',
    'Quatro afirmações sobre o sistema em 7 níveis de concordância; pontuação de 0 (pior) a 100 (melhor usabilidade).',
    'Quatre affirmations sur le système, sur 7 niveaux d’accord ; score de 0 (pire) à 100 (meilleure utilisabilité).',
    'Cuatro afirmaciones sobre el sistema en 7 niveles de acuerdo; puntuación de 0 (peor) a 100 (mejor usabilidad).',
    'Τέσσερις δηλώσεις για το σύστημα σε 7 βαθμίδες συμφωνίας· βαθμολογία από 0 (χειρότερη) έως 100 (καλύτερη ευχρηστία).',
    'Patru afirmații despre sistem pe 7 niveluri de acord; scor de la 0 (cel mai slab) la 100 (cea mai bună utilizabilitate).',
  ),
  range: { min: 0, max: 100 },
  items: choiceItems('umux', statements, agreement),
  bands: [],
  score,
};
