import { bandOrNull } from './bands.ts';
import { band, integer, t, yesNo } from './define.ts';
import { sumOf } from './scoring.ts';
import type { Answers, GroupDef, InstrumentDef, ItemDef, Localized } from './types.ts';

/**
 * MoCA (Nasreddine 2005), as the study protocol structures it (SPEC §3: 17 items, max 30): the 17
 * scored boxes of the form's seven domains, answers are points:
 *
 *  1 trail making (1) · 2 cube (1) · 3–5 clock: contour, numbers, hands (1 each)  → visuospatial/executive 5
 *  6–8 naming: lion, rhinoceros, camel (1 each)                                   → naming 3
 *  9 digits forward (1) · 10 digits backward (1) · 11 letter tapping (1) · 12 serial 7s (3) → attention 6
 *  13 sentence repetition (2) · 14 verbal fluency (1)                              → language 3
 *  15 abstraction (2) · 16 delayed recall (5) · 17 orientation (6)
 *
 * Education rule (the MoCA instructions): one point is added when formal education is 12 years or
 * fewer (`moca-education`), and the total is capped at 30. Normal from 26 (unchanged from 1.x).
 *
 * Version 2.0.0 replaced the 13-item form of 1.x (12 tasks, the clock, naming and digit span each
 * one item, the education flag `moca-13`). Responses recorded with 1.x keep their structure: they
 * are read, scored and edited with `mocaV1` below (registry `instrumentAt`), with the same total rule.
 */
const MAX_TOTAL = 30;

const L = {
  trail: t('Alternating trail making', 'Trail making alternato', 'Trilha alternada', 'Tracé alterné', 'Trazado alternante', 'Εναλλασσόμενη διαδρομή', 'Traseu alternant'),
  cube: t('Copy of a cube', 'Copia del cubo', 'Cópia do cubo', 'Copie du cube', 'Copia del cubo', 'Αντιγραφή κύβου', 'Copierea cubului'),
  letters: t('Tapping at a target letter', 'Battere la mano a una lettera bersaglio', 'Bater na mesa a uma letra-alvo', 'Taper à l’énoncé d’une lettre cible', 'Golpear ante una letra diana', 'Χτύπημα σε γράμμα-στόχο', 'Bătaia la o literă-țintă'),
  serial7: t('Serial subtraction of 7', 'Sottrazione seriale di 7', 'Subtração em série de 7', 'Soustraction en série de 7', 'Resta seriada de 7', 'Διαδοχική αφαίρεση του 7', 'Scăderea în serie a lui 7'),
  repetition: t('Sentence repetition', 'Ripetizione di frasi', 'Repetição de frases', 'Répétition de phrases', 'Repetición de frases', 'Επανάληψη προτάσεων', 'Repetarea propozițiilor'),
  fluency: t('Verbal fluency', 'Fluenza verbale', 'Fluência verbal', 'Fluence verbale', 'Fluidez verbal', 'Λεκτική ευφράδεια', 'Fluență verbală'),
  abstraction: t('Abstraction (similarities)', 'Astrazione (somiglianze)', 'Abstração (semelhanças)', 'Abstraction (similitudes)', 'Abstracción (semejanzas)', 'Αφαιρετική σκέψη (ομοιότητες)', 'Abstractizare (asemănări)'),
  recall: t('Delayed recall of five words, without cues', 'Richiamo differito di cinque parole, senza aiuti', 'Evocação diferida de cinco palavras, sem pistas', 'Rappel différé de cinq mots, sans indice', 'Recuerdo diferido de cinco palabras, sin pistas', 'Καθυστερημένη ανάκληση πέντε λέξεων, χωρίς βοήθεια', 'Reamintirea amânată a cinci cuvinte, fără indicii'),
  orientation: t('Orientation (date, month, year, day, place, city)', 'Orientamento (data, mese, anno, giorno, luogo, città)', 'Orientação (data, mês, ano, dia, local, cidade)', 'Orientation (date, mois, année, jour, lieu, ville)', 'Orientación (fecha, mes, año, día, lugar, ciudad)', 'Προσανατολισμός (ημερομηνία, μήνας, έτος, ημέρα, τόπος, πόλη)', 'Orientare (data, luna, anul, ziua, locul, orașul)'),
  education: t('12 years of formal education or fewer', '12 anni di istruzione formale o meno', '12 anos ou menos de escolaridade formal', '12 ans de scolarité ou moins', '12 años de educación formal o menos', '12 έτη τυπικής εκπαίδευσης ή λιγότερα', '12 ani de educație formală sau mai puțin'),
};

/** The domains of the form, in order; their keys are the subscales' keys. */
const DOMAINS: Record<string, Localized> = {
  visuospatialExecutive: t('Visuospatial / executive', 'Visuospaziale / esecutivo', 'Visuoespacial / executiva', 'Visuospatial / exécutif', 'Visuoespacial / ejecutiva', 'Οπτικοχωρική / εκτελεστική λειτουργία', 'Vizuospațial / executiv'),
  naming: t('Naming', 'Denominazione', 'Nomeação', 'Dénomination', 'Denominación', 'Κατονομασία', 'Denumire'),
  attention: t('Attention', 'Attenzione', 'Atenção', 'Attention', 'Atención', 'Προσοχή', 'Atenție'),
  language: t('Language', 'Linguaggio', 'Linguagem', 'Langage', 'Lenguaje', 'Γλώσσα', 'Limbaj'),
  abstraction: t('Abstraction', 'Astrazione', 'Abstração', 'Abstraction', 'Abstracción', 'Αφαιρετική σκέψη', 'Abstractizare'),
  delayedRecall: t('Delayed recall', 'Richiamo differito', 'Evocação diferida', 'Rappel différé', 'Recuerdo diferido', 'Καθυστερημένη ανάκληση', 'Reamintire amânată'),
  orientation: t('Orientation', 'Orientamento', 'Orientação', 'Orientation', 'Orientación', 'Προσανατολισμός', 'Orientare'),
};
type Domain = keyof typeof DOMAINS;

/** The tasks from letters onwards, the same in 1.x and 2.x. */
const SHARED_TAIL: [Domain, Localized, number][] = [
  ['attention', L.letters, 1],
  ['attention', L.serial7, 3],
  ['language', L.repetition, 2],
  ['language', L.fluency, 1],
  ['abstraction', L.abstraction, 2],
  ['delayedRecall', L.recall, 5],
  ['orientation', L.orientation, 6],
];

/** The 17 scored items of 2.x: domain, label and points. */
const ITEMS: [Domain, Localized, number][] = [
  ['visuospatialExecutive', L.trail, 1],
  ['visuospatialExecutive', L.cube, 1],
  ['visuospatialExecutive', t('Clock drawing: contour', 'Disegno dell’orologio: contorno', 'Desenho do relógio: contorno', 'Dessin de l’horloge : contour', 'Dibujo del reloj: contorno', 'Σχεδίαση ρολογιού: περίγραμμα', 'Desenarea ceasului: contur'), 1],
  ['visuospatialExecutive', t('Clock drawing: numbers', 'Disegno dell’orologio: numeri', 'Desenho do relógio: números', 'Dessin de l’horloge : chiffres', 'Dibujo del reloj: números', 'Σχεδίαση ρολογιού: αριθμοί', 'Desenarea ceasului: cifre'), 1],
  ['visuospatialExecutive', t('Clock drawing: hands', 'Disegno dell’orologio: lancette', 'Desenho do relógio: ponteiros', 'Dessin de l’horloge : aiguilles', 'Dibujo del reloj: agujas', 'Σχεδίαση ρολογιού: δείκτες', 'Desenarea ceasului: ace'), 1],
  ['naming', t('Naming: lion', 'Denominazione: leone', 'Nomeação: leão', 'Dénomination : lion', 'Denominación: león', 'Κατονομασία: λιοντάρι', 'Denumire: leu'), 1],
  ['naming', t('Naming: rhinoceros', 'Denominazione: rinoceronte', 'Nomeação: rinoceronte', 'Dénomination : rhinocéros', 'Denominación: rinoceronte', 'Κατονομασία: ρινόκερος', 'Denumire: rinocer'), 1],
  ['naming', t('Naming: camel', 'Denominazione: cammello', 'Nomeação: camelo', 'Dénomination : chameau', 'Denominación: camello', 'Κατονομασία: καμήλα', 'Denumire: cămilă'), 1],
  ['attention', t('Digits forward', 'Cifre in avanti', 'Dígitos em ordem direta', 'Chiffres à l’endroit', 'Dígitos en orden directo', 'Αριθμοί με τη σειρά', 'Cifre în ordine directă'), 1],
  ['attention', t('Digits backward', 'Cifre all’indietro', 'Dígitos em ordem inversa', 'Chiffres à l’envers', 'Dígitos en orden inverso', 'Αριθμοί αντίστροφα', 'Cifre în ordine inversă'), 1],
  ...SHARED_TAIL,
];

/** The 12 tasks of 1.x, for the responses recorded with it. */
const ITEMS_V1: [Domain, Localized, number][] = [
  ['visuospatialExecutive', L.trail, 1],
  ['visuospatialExecutive', L.cube, 1],
  ['visuospatialExecutive', t('Clock drawing (contour, numbers, hands)', 'Disegno dell’orologio (contorno, numeri, lancette)', 'Desenho do relógio (contorno, números, ponteiros)', 'Dessin de l’horloge (contour, chiffres, aiguilles)', 'Dibujo del reloj (contorno, números, agujas)', 'Σχεδίαση ρολογιού (περίγραμμα, αριθμοί, δείκτες)', 'Desenarea ceasului (contur, cifre, ace)'), 3],
  ['naming', t('Naming three animals', 'Denominazione di tre animali', 'Nomeação de três animais', 'Dénomination de trois animaux', 'Denominación de tres animales', 'Ονομασία τριών ζώων', 'Denumirea a trei animale'), 3],
  ['attention', t('Digit span forward and backward', 'Span di cifre in avanti e all’indietro', 'Repetição de dígitos em ordem direta e inversa', 'Empan de chiffres endroit et envers', 'Repetición de dígitos en orden directo e inverso', 'Επανάληψη αριθμών με σειρά και αντίστροφα', 'Repetarea cifrelor în ordine directă și inversă'), 2],
  ...SHARED_TAIL,
];

const educationHelp = t(
  'Yes adds 1 point to the total, which stays at most 30.',
  'Sì aggiunge 1 punto al totale, che resta al massimo 30.',
  'Sim acrescenta 1 ponto ao total, que fica no máximo em 30.',
  'Oui ajoute 1 point au total, qui reste au plus de 30.',
  'Sí suma 1 punto al total, que queda como máximo en 30.',
  'Το Ναι προσθέτει 1 μονάδα στο σύνολο, που μένει το πολύ 30.',
  'Da adaugă 1 punct la total, care rămâne cel mult 30.',
);

const licence = t(
  'MoCA © Z. Nasreddine / MoCA Test Inc.; administration requires certified training. Task names are paraphrased; only the scores are recorded here.',
  'MoCA © Z. Nasreddine / MoCA Test Inc.; la somministrazione richiede una formazione certificata. Nomi delle prove parafrasati; qui si registrano solo i punteggi.',
  'MoCA © Z. Nasreddine / MoCA Test Inc.; a aplicação exige formação certificada. Nomes das tarefas parafraseados; aqui registam-se apenas as pontuações.',
  'MoCA © Z. Nasreddine / MoCA Test Inc. ; la passation exige une formation certifiée. Noms des épreuves reformulés ; seuls les scores sont saisis ici.',
  'MoCA © Z. Nasreddine / MoCA Test Inc.; la administración requiere formación certificada. Nombres de las tareas parafraseados; aquí solo se registran las puntuaciones.',
  'MoCA © Z. Nasreddine / MoCA Test Inc.· η χορήγηση απαιτεί πιστοποιημένη εκπαίδευση. Τα ονόματα των δοκιμασιών είναι παραφρασμένα· εδώ καταγράφονται μόνο οι βαθμολογίες.',
  'MoCA © Z. Nasreddine / MoCA Test Inc.; administrarea necesită instruire certificată. Denumirile probelor sunt parafrazate; aici se înregistrează doar scorurile.',
);

const bands = [
  band('impaired', t('Below normal', 'Sotto la norma', 'Abaixo do normal', 'En dessous de la normale', 'Por debajo de lo normal', 'Κάτω από το φυσιολογικό', 'Sub normal'), t('Score under 26: possible cognitive impairment.', 'Punteggio inferiore a 26: possibile deterioramento cognitivo.', 'Pontuação inferior a 26: possível défice cognitivo.', 'Score inférieur à 26 : possible trouble cognitif.', 'Puntuación inferior a 26: posible deterioro cognitivo.', 'Βαθμολογία κάτω από 26: πιθανή γνωστική έκπτωση.', 'Scor sub 26: posibilă afectare cognitivă.'), true),
  band('normal', t('Normal', 'Normale', 'Normal', 'Normal', 'Normal', 'Φυσιολογικό', 'Normal'), t('Score 26 or more.', 'Punteggio 26 o più.', 'Pontuação 26 ou mais.', 'Score de 26 ou plus.', 'Puntuación de 26 o más.', 'Βαθμολογία 26 ή περισσότερο.', 'Scor 26 sau mai mult.')),
];

const title = t('Montreal Cognitive Assessment (MoCA)', 'Montreal Cognitive Assessment (MoCA)', 'Avaliação Cognitiva de Montreal (MoCA)', 'Évaluation cognitive de Montréal (MoCA)', 'Evaluación Cognitiva de Montreal (MoCA)', 'Γνωστική Αξιολόγηση Μόντρεαλ (MoCA)', 'Evaluarea cognitivă Montreal (MoCA)');

/** Subscales per domain, the raw sum and the total (raw + the education point, capped at 30). */
function mocaScorer(items: readonly ItemDef[], domainOf: (linkId: string) => Domain | undefined, educationId: string) {
  const scored = items.filter((item) => item.linkId !== educationId).map((item) => item.linkId);
  return (answers: Answers) => {
    const subscales: Record<string, number | null> = Object.fromEntries(
      Object.keys(DOMAINS).map((key) => [key, sumOf(answers, scored.filter((id) => domainOf(id) === key))]),
    );
    const raw = sumOf(answers, scored);
    subscales.raw = raw;
    const education = answers[educationId];
    // The education point is part of the total, so an unanswered flag leaves the total open.
    const total = raw === null || typeof education !== 'boolean' ? null : Math.min(MAX_TOTAL, raw + (education ? 1 : 0));
    return { total, band: bandOrNull(total, [[25, 'impaired'], [Infinity, 'normal']]), subscales };
  };
}

const EDUCATION = 'moca-education';
const items: ItemDef[] = [
  ...ITEMS.map(([group, label, max], i) => integer(`moca-${i + 1}`, label, { min: 0, max }, { group })),
  yesNo(EDUCATION, L.education, { help: educationHelp }),
];

export const moca: InstrumentDef = {
  id: 'moca',
  version: '2.0.0',
  title,
  description: t(
    'Cognitive screening: 17 scored items in seven domains, 0 to 30; 1 point is added for 12 years of education or fewer (at most 30); normal from 26.',
    'Screening cognitivo: 17 voci con punteggio in sette ambiti, da 0 a 30; si aggiunge 1 punto per 12 anni di istruzione o meno (al massimo 30); normale da 26.',
    'Rastreio cognitivo: 17 itens pontuados em sete domínios, de 0 a 30; acrescenta-se 1 ponto para 12 anos de escolaridade ou menos (no máximo 30); normal a partir de 26.',
    'Dépistage cognitif : 17 items notés sur sept domaines, de 0 à 30 ; 1 point est ajouté pour 12 ans de scolarité ou moins (au plus 30) ; normal à partir de 26.',
    'Cribado cognitivo: 17 ítems puntuados en siete dominios, de 0 a 30; se suma 1 punto con 12 años de educación o menos (como máximo 30); normal a partir de 26.',
    'Γνωστικός έλεγχος: 17 βαθμολογούμενες ερωτήσεις σε επτά τομείς, 0 έως 30· προστίθεται 1 μονάδα για 12 έτη εκπαίδευσης ή λιγότερα (το πολύ 30)· φυσιολογικό από 26.',
    'Screening cognitiv: 17 itemi punctați în șapte domenii, de la 0 la 30; se adaugă 1 punct pentru 12 ani de educație sau mai puțin (cel mult 30); normal de la 26.',
  ),
  licence,
  range: { min: 0, max: MAX_TOTAL },
  groups: Object.entries(DOMAINS).map(([key, domainTitle]): GroupDef => ({ key, title: domainTitle })),
  items,
  bands,
  subscales: [...Object.keys(DOMAINS), 'raw'].map((key) => ({ key, type: 'integer' })),
  score: mocaScorer(items, (linkId) => items.find((item) => item.linkId === linkId)?.group as Domain | undefined, EDUCATION),
};

const EDUCATION_V1 = 'moca-13';
const itemsV1: ItemDef[] = [
  ...ITEMS_V1.map(([, label, max], i) => integer(`moca-${i + 1}`, label, { min: 0, max })),
  yesNo(EDUCATION_V1, L.education),
];

/** MoCA 1.x (12 tasks and the education flag), kept to read, score and edit the responses recorded with it. */
export const mocaV1: InstrumentDef = {
  ...moca,
  version: '1.0.0',
  description: t(
    'Cognitive screening in seven domains; 0 to 30, normal from 26.',
    'Screening cognitivo in sette ambiti; da 0 a 30, normale da 26.',
    'Rastreio cognitivo em sete domínios; de 0 a 30, normal a partir de 26.',
    'Dépistage cognitif sur sept domaines ; de 0 à 30, normal à partir de 26.',
    'Cribado cognitivo en siete dominios; de 0 a 30, normal a partir de 26.',
    'Γνωστικός έλεγχος σε επτά τομείς· 0 έως 30, φυσιολογικό από 26.',
    'Screening cognitiv în șapte domenii; de la 0 la 30, normal de la 26.',
  ),
  groups: undefined,
  items: itemsV1,
  score: mocaScorer(itemsV1, (linkId) => ITEMS_V1[Number(linkId.slice('moca-'.length)) - 1]?.[0], EDUCATION_V1),
};
