import { bandOrNull } from './bands.ts';
import { band, integer, t, yesNo } from './define.ts';
import { sumOf } from './scoring.ts';
import type { InstrumentDef, Localized } from './types.ts';

/**
 * MoCA (Nasreddine 2005): 12 scored tasks (answers are points) and the education flag;
 * total = raw sum + 1 for ≤ 12 years of education, capped at 30; normal from 26.
 */
const MAX_TOTAL = 30;

const tasks: [Localized, number][] = [
  [t('Alternating trail making', 'Trail making alternato', 'Trilha alternada', 'Tracé alterné', 'Trazado alternante', 'Εναλλασσόμενη διαδρομή', 'Traseu alternant'), 1],
  [t('Copy of a cube', 'Copia del cubo', 'Cópia do cubo', 'Copie du cube', 'Copia del cubo', 'Αντιγραφή κύβου', 'Copierea cubului'), 1],
  [t('Clock drawing (contour, numbers, hands)', 'Disegno dell’orologio (contorno, numeri, lancette)', 'Desenho do relógio (contorno, números, ponteiros)', 'Dessin de l’horloge (contour, chiffres, aiguilles)', 'Dibujo del reloj (contorno, números, agujas)', 'Σχεδίαση ρολογιού (περίγραμμα, αριθμοί, δείκτες)', 'Desenarea ceasului (contur, cifre, ace)'), 3],
  [t('Naming three animals', 'Denominazione di tre animali', 'Nomeação de três animais', 'Dénomination de trois animaux', 'Denominación de tres animales', 'Ονομασία τριών ζώων', 'Denumirea a trei animale'), 3],
  [t('Digit span forward and backward', 'Span di cifre in avanti e all’indietro', 'Repetição de dígitos em ordem direta e inversa', 'Empan de chiffres endroit et envers', 'Repetición de dígitos en orden directo e inverso', 'Επανάληψη αριθμών με σειρά και αντίστροφα', 'Repetarea cifrelor în ordine directă și inversă'), 2],
  [t('Tapping at a target letter', 'Battere la mano a una lettera bersaglio', 'Bater na mesa a uma letra-alvo', 'Taper à l’énoncé d’une lettre cible', 'Golpear ante una letra diana', 'Χτύπημα σε γράμμα-στόχο', 'Bătaia la o literă-țintă'), 1],
  [t('Serial subtraction of 7', 'Sottrazione seriale di 7', 'Subtração em série de 7', 'Soustraction en série de 7', 'Resta seriada de 7', 'Διαδοχική αφαίρεση του 7', 'Scăderea în serie a lui 7'), 3],
  [t('Sentence repetition', 'Ripetizione di frasi', 'Repetição de frases', 'Répétition de phrases', 'Repetición de frases', 'Επανάληψη προτάσεων', 'Repetarea propozițiilor'), 2],
  [t('Verbal fluency', 'Fluenza verbale', 'Fluência verbal', 'Fluence verbale', 'Fluidez verbal', 'Λεκτική ευφράδεια', 'Fluență verbală'), 1],
  [t('Abstraction (similarities)', 'Astrazione (somiglianze)', 'Abstração (semelhanças)', 'Abstraction (similitudes)', 'Abstracción (semejanzas)', 'Αφαιρετική σκέψη (ομοιότητες)', 'Abstractizare (asemănări)'), 2],
  [t('Delayed recall of five words, without cues', 'Richiamo differito di cinque parole, senza aiuti', 'Evocação diferida de cinco palavras, sem pistas', 'Rappel différé de cinq mots, sans indice', 'Recuerdo diferido de cinco palabras, sin pistas', 'Καθυστερημένη ανάκληση πέντε λέξεων, χωρίς βοήθεια', 'Reamintirea amânată a cinci cuvinte, fără indicii'), 5],
  [t('Orientation (date, month, year, day, place, city)', 'Orientamento (data, mese, anno, giorno, luogo, città)', 'Orientação (data, mês, ano, dia, local, cidade)', 'Orientation (date, mois, année, jour, lieu, ville)', 'Orientación (fecha, mes, año, día, lugar, ciudad)', 'Προσανατολισμός (ημερομηνία, μήνας, έτος, ημέρα, τόπος, πόλη)', 'Orientare (data, luna, anul, ziua, locul, orașul)'), 6],
];

const taskIds = tasks.map((_, i) => `moca-${i + 1}`);
const EDUCATION = 'moca-13';

/** Domain subscales by task number (catalogue §9). */
const domains: Record<string, number[]> = {
  visuospatialExecutive: [1, 2, 3],
  naming: [4],
  attention: [5, 6, 7],
  language: [8, 9],
  abstraction: [10],
  delayedRecall: [11],
  orientation: [12],
};

export const moca: InstrumentDef = {
  id: 'moca',
  version: '1.0.0',
  title: t('Montreal Cognitive Assessment (MoCA)', 'Montreal Cognitive Assessment (MoCA)', 'Avaliação Cognitiva de Montreal (MoCA)', 'Évaluation cognitive de Montréal (MoCA)', 'Evaluación Cognitiva de Montreal (MoCA)', 'Γνωστική Αξιολόγηση Μόντρεαλ (MoCA)', 'Evaluarea cognitivă Montreal (MoCA)'),
  description: t(
    'Cognitive screening in seven domains; 0 to 30, normal from 26.',
    'Screening cognitivo in sette ambiti; da 0 a 30, normale da 26.',
    'Rastreio cognitivo em sete domínios; de 0 a 30, normal a partir de 26.',
    'Dépistage cognitif sur sept domaines ; de 0 à 30, normal à partir de 26.',
    'Cribado cognitivo en siete dominios; de 0 a 30, normal a partir de 26.',
    'Γνωστικός έλεγχος σε επτά τομείς· 0 έως 30, φυσιολογικό από 26.',
    'Screening cognitiv în șapte domenii; de la 0 la 30, normal de la 26.',
  ),
  licence: t(
    'MoCA © Z. Nasreddine / MoCA Test Inc.; administration requires certified training. Task names are paraphrased; only the scores are recorded here.',
    'MoCA © Z. Nasreddine / MoCA Test Inc.; la somministrazione richiede una formazione certificata. Nomi delle prove parafrasati; qui si registrano solo i punteggi.',
    'MoCA © Z. Nasreddine / MoCA Test Inc.; a aplicação exige formação certificada. Nomes das tarefas parafraseados; aqui registam-se apenas as pontuações.',
    'MoCA © Z. Nasreddine / MoCA Test Inc. ; la passation exige une formation certifiée. Noms des épreuves reformulés ; seuls les scores sont saisis ici.',
    'MoCA © Z. Nasreddine / MoCA Test Inc.; la administración requiere formación certificada. Nombres de las tareas parafraseados; aquí solo se registran las puntuaciones.',
    'MoCA © Z. Nasreddine / MoCA Test Inc.· η χορήγηση απαιτεί πιστοποιημένη εκπαίδευση. Τα ονόματα των δοκιμασιών είναι παραφρασμένα· εδώ καταγράφονται μόνο οι βαθμολογίες.',
    'MoCA © Z. Nasreddine / MoCA Test Inc.; administrarea necesită instruire certificată. Denumirile probelor sunt parafrazate; aici se înregistrează doar scorurile.',
  ),
  range: { min: 0, max: MAX_TOTAL },
  items: [
    ...tasks.map(([label, max], i) => integer(taskIds[i], label, { min: 0, max })),
    yesNo(EDUCATION, t('12 years of formal education or fewer', '12 anni di istruzione formale o meno', '12 anos ou menos de escolaridade formal', '12 ans de scolarité ou moins', '12 años de educación formal o menos', '12 έτη τυπικής εκπαίδευσης ή λιγότερα', '12 ani de educație formală sau mai puțin')),
  ],
  bands: [
    band('impaired', t('Below normal', 'Sotto la norma', 'Abaixo do normal', 'En dessous de la normale', 'Por debajo de lo normal', 'Κάτω από το φυσιολογικό', 'Sub normal'), t('Score under 26: possible cognitive impairment.', 'Punteggio inferiore a 26: possibile deterioramento cognitivo.', 'Pontuação inferior a 26: possível défice cognitivo.', 'Score inférieur à 26 : possible trouble cognitif.', 'Puntuación inferior a 26: posible deterioro cognitivo.', 'Βαθμολογία κάτω από 26: πιθανή γνωστική έκπτωση.', 'Scor sub 26: posibilă afectare cognitivă.'), true),
    band('normal', t('Normal', 'Normale', 'Normal', 'Normal', 'Normal', 'Φυσιολογικό', 'Normal'), t('Score 26 or more.', 'Punteggio 26 o più.', 'Pontuação 26 ou mais.', 'Score de 26 ou plus.', 'Puntuación de 26 o más.', 'Βαθμολογία 26 ή περισσότερο.', 'Scor 26 sau mai mult.')),
  ],
  score(answers) {
    const subscales: Record<string, number | null> = Object.fromEntries(
      Object.entries(domains).map(([key, numbers]) => [key, sumOf(answers, numbers.map((n) => `moca-${n}`))]),
    );
    const raw = sumOf(answers, taskIds);
    subscales.raw = raw;
    const education = answers[EDUCATION];
    // The education point is part of the total, so an unanswered flag leaves the total open.
    const total = raw === null || typeof education !== 'boolean' ? null : Math.min(MAX_TOTAL, raw + (education ? 1 : 0));
    return { total, band: bandOrNull(total, [[25, 'impaired'], [Infinity, 'normal']]), subscales };
  },
};
