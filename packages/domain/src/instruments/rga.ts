import { bandOrNull } from './bands.ts';
import { band, choice, integer, options, t, yesNo } from './define.ts';
import { itemIds, sumOf } from './scoring.ts';
import type { Answers, InstrumentDef, ScoreResult } from './types.ts';

/**
 * Rapid Geriatric Assessment (Saint Louis University; Little 2017): four screens scored separately,
 * with no combined total. The result is `{ total: null, band: null, subscales: { frail, sarcf, snaq,
 * rcs } }`, each part a ScoreResult with its own band. The 5-word registration of the cognitive
 * screen and the advance-directive question are not scored and not recorded here.
 */
const FRAIL = itemIds('frail', 5);
const SARCF = itemIds('sarcf', 5);
const SNAQ = itemIds('snaq', 4);
const RCS = itemIds('rcs', 3);

const none = t('None', 'Nessuna', 'Nenhuma', 'Aucune', 'Ninguna', 'Καμία', 'Niciuna');
const some = t('Some', 'Qualche difficoltà', 'Alguma', 'Un peu', 'Alguna', 'Κάποια', 'Oarecare');
const difficulty = options(
  [0, none],
  [1, some],
  [2, t('A lot, or unable', 'Molta, o incapace', 'Muita, ou incapaz', 'Beaucoup, ou incapable', 'Mucha, o incapaz', 'Πολλή, ή αδυναμία', 'Mare, sau incapabil(ă)')],
);
const items = [
  yesNo('frail-1', t('Fatigue: feels tired most or all of the time', 'Affaticamento: si sente stanco/a sempre o quasi sempre', 'Fadiga: sente-se cansado/a sempre ou quase sempre', 'Fatigue : se sent fatigué(e) la plupart du temps ou tout le temps', 'Fatiga: se siente cansado/a siempre o casi siempre', 'Κόπωση: νιώθει κουρασμένος/η όλο ή σχεδόν όλο τον χρόνο', 'Oboseală: se simte obosit(ă) tot timpul sau aproape tot timpul'), { group: 'frail' }),
  yesNo('frail-2', t('Resistance: cannot walk up one flight of stairs', 'Resistenza: non riesce a salire una rampa di scale', 'Resistência: não consegue subir um lanço de escadas', 'Résistance : ne peut pas monter un étage', 'Resistencia: no puede subir un tramo de escaleras', 'Αντοχή: δεν μπορεί να ανέβει έναν όροφο με σκάλες', 'Rezistență: nu poate urca un etaj pe scări'), { group: 'frail' }),
  yesNo('frail-3', t('Ambulation: cannot walk one block', 'Deambulazione: non riesce a camminare per un isolato', 'Deambulação: não consegue andar um quarteirão', 'Déambulation : ne peut pas marcher la longueur d’un pâté de maisons', 'Deambulación: no puede caminar una manzana', 'Βάδιση: δεν μπορεί να περπατήσει ένα τετράγωνο', 'Deplasare: nu poate merge pe distanța unei străzi'), { group: 'frail' }),
  yesNo('frail-4', t('Illnesses: more than 5', 'Malattie: più di 5', 'Doenças: mais de 5', 'Maladies : plus de 5', 'Enfermedades: más de 5', 'Νοσήματα: περισσότερα από 5', 'Boli: mai mult de 5'), { group: 'frail' }),
  yesNo('frail-5', t('Loss of weight: more than 5 % in the past 6 months', 'Perdita di peso: più del 5 % negli ultimi 6 mesi', 'Perda de peso: mais de 5 % nos últimos 6 meses', 'Perte de poids : plus de 5 % au cours des 6 derniers mois', 'Pérdida de peso: más del 5 % en los últimos 6 meses', 'Απώλεια βάρους: πάνω από 5 % τους τελευταίους 6 μήνες', 'Scădere în greutate: peste 5 % în ultimele 6 luni'), { group: 'frail' }),
  choice('sarcf-1', t('Strength: difficulty lifting and carrying about 4.5 kg', 'Forza: difficoltà a sollevare e portare circa 4,5 kg', 'Força: dificuldade em levantar e carregar cerca de 4,5 kg', 'Force : difficulté à soulever et porter environ 4,5 kg', 'Fuerza: dificultad para levantar y llevar unos 4,5 kg', 'Δύναμη: δυσκολία να σηκώσει και να μεταφέρει περίπου 4,5 κιλά', 'Forță: dificultate în a ridica și a căra aproximativ 4,5 kg'), difficulty, { group: 'sarcf' }),
  choice('sarcf-2', t('Assistance in walking: difficulty walking across a room', 'Aiuto nel cammino: difficoltà ad attraversare una stanza', 'Ajuda na marcha: dificuldade em atravessar uma sala', 'Aide à la marche : difficulté à traverser une pièce', 'Ayuda para caminar: dificultad para cruzar una habitación', 'Βοήθεια στη βάδιση: δυσκολία να διασχίσει ένα δωμάτιο', 'Ajutor la mers: dificultate în a traversa o cameră'), options(
    [0, none],
    [1, some],
    [2, t('A lot, uses aids, or unable', 'Molta, usa ausili, o incapace', 'Muita, usa auxiliares, ou incapaz', 'Beaucoup, utilise une aide, ou incapable', 'Mucha, usa ayudas, o incapaz', 'Πολλή, χρησιμοποιεί βοηθήματα, ή αδυναμία', 'Mare, folosește dispozitive de sprijin, sau incapabil(ă)')],
  ), { group: 'sarcf' }),
  choice('sarcf-3', t('Rise from a chair: difficulty getting up from a chair or bed', 'Alzarsi: difficoltà ad alzarsi da una sedia o dal letto', 'Levantar-se: dificuldade em levantar-se de uma cadeira ou da cama', 'Se lever : difficulté à se lever d’une chaise ou du lit', 'Levantarse: dificultad para levantarse de una silla o de la cama', 'Έγερση: δυσκολία να σηκωθεί από καρέκλα ή κρεβάτι', 'Ridicare: dificultate în a se ridica de pe scaun sau din pat'), options(
    [0, none],
    [1, some],
    [2, t('A lot, or unable without help', 'Molta, o incapace senza aiuto', 'Muita, ou incapaz sem ajuda', 'Beaucoup, ou incapable sans aide', 'Mucha, o incapaz sin ayuda', 'Πολλή, ή αδυναμία χωρίς βοήθεια', 'Mare, sau incapabil(ă) fără ajutor')],
  ), { group: 'sarcf' }),
  choice('sarcf-4', t('Climb stairs: difficulty climbing 10 steps', 'Salire le scale: difficoltà a salire 10 gradini', 'Subir escadas: dificuldade em subir 10 degraus', 'Monter des escaliers : difficulté à monter 10 marches', 'Subir escaleras: dificultad para subir 10 escalones', 'Ανέβασμα σκάλας: δυσκολία να ανέβει 10 σκαλοπάτια', 'Urcat scări: dificultate în a urca 10 trepte'), difficulty, { group: 'sarcf' }),
  choice('sarcf-5', t('Falls in the past year', 'Cadute nell’ultimo anno', 'Quedas no último ano', 'Chutes au cours de l’année écoulée', 'Caídas en el último año', 'Πτώσεις τον τελευταίο χρόνο', 'Căderi în ultimul an'), options(
    [0, none],
    [1, t('1 to 3 falls', 'Da 1 a 3 cadute', '1 a 3 quedas', '1 à 3 chutes', '1 a 3 caídas', '1 έως 3 πτώσεις', '1–3 căderi')],
    [2, t('4 or more falls', '4 o più cadute', '4 ou mais quedas', '4 chutes ou plus', '4 o más caídas', '4 ή περισσότερες πτώσεις', '4 sau mai multe căderi')],
  ), { group: 'sarcf' }),
  choice('snaq-1', t('Appetite', 'Appetito', 'Apetite', 'Appétit', 'Apetito', 'Όρεξη', 'Apetit'), options(
    [1, t('Very poor', 'Molto scarso', 'Muito fraco', 'Très faible', 'Muy malo', 'Πολύ κακή', 'Foarte slab')],
    [2, t('Poor', 'Scarso', 'Fraco', 'Faible', 'Malo', 'Κακή', 'Slab')],
    [3, t('Average', 'Nella media', 'Razoável', 'Moyen', 'Regular', 'Μέτρια', 'Mediu')],
    [4, t('Good', 'Buono', 'Bom', 'Bon', 'Bueno', 'Καλή', 'Bun')],
    [5, t('Very good', 'Molto buono', 'Muito bom', 'Très bon', 'Muy bueno', 'Πολύ καλή', 'Foarte bun')],
  ), { group: 'snaq' }),
  choice('snaq-2', t('When eating, feels full', 'Mangiando, si sente sazio/a', 'Ao comer, sente-se saciado/a', 'En mangeant, se sent rassasié(e)', 'Al comer, se siente lleno/a', 'Όταν τρώει, νιώθει χορτάτος/η', 'Când mănâncă, se simte sătul(ă)'), options(
    [1, t('After only a few mouthfuls', 'Dopo pochi bocconi', 'Após poucas garfadas', 'Après quelques bouchées', 'Tras unos pocos bocados', 'Μετά από λίγες μπουκιές', 'După câteva îmbucături')],
    [2, t('After about a third of a meal', 'Dopo circa un terzo del pasto', 'Após cerca de um terço da refeição', 'Après environ un tiers du repas', 'Tras un tercio de la comida', 'Μετά από περίπου το ένα τρίτο του γεύματος', 'După aproximativ o treime din masă')],
    [3, t('After about half a meal', 'Dopo circa metà del pasto', 'Após cerca de metade da refeição', 'Après environ la moitié du repas', 'Tras la mitad de la comida', 'Μετά από περίπου το μισό γεύμα', 'După aproximativ jumătate din masă')],
    [4, t('After most of the meal', 'Dopo la maggior parte del pasto', 'Após a maior parte da refeição', 'Après la plus grande partie du repas', 'Tras la mayor parte de la comida', 'Μετά από το μεγαλύτερο μέρος του γεύματος', 'După cea mai mare parte a mesei')],
    [5, t('Hardly ever', 'Quasi mai', 'Quase nunca', 'Presque jamais', 'Casi nunca', 'Σχεδόν ποτέ', 'Aproape niciodată')],
  ), { group: 'snaq' }),
  choice('snaq-3', t('How food tastes', 'Sapore del cibo', 'Sabor da comida', 'Goût des aliments', 'Sabor de la comida', 'Γεύση του φαγητού', 'Gustul mâncării'), options(
    [1, t('Very bad', 'Pessimo', 'Muito mau', 'Très mauvais', 'Muy malo', 'Πολύ κακή', 'Foarte rău')],
    [2, t('Bad', 'Cattivo', 'Mau', 'Mauvais', 'Malo', 'Κακή', 'Rău')],
    [3, t('Average', 'Nella media', 'Razoável', 'Moyen', 'Regular', 'Μέτρια', 'Mediu')],
    [4, t('Good', 'Buono', 'Bom', 'Bon', 'Bueno', 'Καλή', 'Bun')],
    [5, t('Very good', 'Molto buono', 'Muito bom', 'Très bon', 'Muy bueno', 'Πολύ καλή', 'Foarte bun')],
  ), { group: 'snaq' }),
  choice('snaq-4', t('Meals eaten per day', 'Pasti al giorno', 'Refeições por dia', 'Repas par jour', 'Comidas al día', 'Γεύματα την ημέρα', 'Mese pe zi'), options(
    [1, t('Less than one', 'Meno di uno', 'Menos de uma', 'Moins d’un', 'Menos de una', 'Λιγότερο από ένα', 'Mai puțin de una')],
    [2, t('One', 'Uno', 'Uma', 'Un', 'Una', 'Ένα', 'Una')],
    [3, t('Two', 'Due', 'Duas', 'Deux', 'Dos', 'Δύο', 'Două')],
    [4, t('Three', 'Tre', 'Três', 'Trois', 'Tres', 'Τρία', 'Trei')],
    [5, t('More than three', 'Più di tre', 'Mais de três', 'Plus de trois', 'Más de tres', 'Περισσότερα από τρία', 'Mai mult de trei')],
  ), { group: 'snaq' }),
  choice('rcs-1', t('Clock drawing: hour markers, and the time “ten to eleven”', 'Disegno dell’orologio: numeri delle ore e l’ora “undici meno dieci”', 'Desenho do relógio: marcas das horas e a hora “onze menos dez”', 'Dessin de l’horloge : repères des heures et l’heure « onze heures moins dix »', 'Dibujo del reloj: marcas de las horas y la hora «las once menos diez»', 'Σχεδίαση ρολογιού: ενδείξεις ωρών και η ώρα «έντεκα παρά δέκα»', 'Desenarea ceasului: marcajele orelor și ora „unsprezece fără zece”'), options(
    [0, t('Neither correct', 'Nessuno dei due corretto', 'Nenhum correto', 'Aucun des deux correct', 'Ninguno correcto', 'Κανένα σωστό', 'Niciunul corect')],
    [2, t('One correct (markers or time)', 'Uno corretto (numeri o ora)', 'Um correto (marcas ou hora)', 'Un seul correct (repères ou heure)', 'Uno correcto (marcas u hora)', 'Ένα σωστό (ενδείξεις ή ώρα)', 'Unul corect (marcaje sau oră)')],
    [4, t('Both correct', 'Entrambi corretti', 'Ambos corretos', 'Les deux corrects', 'Ambos correctos', 'Και τα δύο σωστά', 'Ambele corecte')],
  ), { group: 'rcs' }),
  integer('rcs-2', t('Delayed recall: how many of the 5 words are remembered', 'Richiamo differito: quante delle 5 parole ricorda', 'Evocação diferida: quantas das 5 palavras recorda', 'Rappel différé : nombre des 5 mots retrouvés', 'Recuerdo diferido: cuántas de las 5 palabras recuerda', 'Καθυστερημένη ανάκληση: πόσες από τις 5 λέξεις θυμάται', 'Reamintire întârziată: câte dintre cele 5 cuvinte își amintește'), { min: 0, max: 5 }, { group: 'rcs' }),
  choice('rcs-3', t('Story recall: answer to the question about the story', 'Ricordo del racconto: risposta alla domanda sulla storia', 'Recordação da história: resposta à pergunta sobre a história', 'Rappel de l’histoire : réponse à la question sur l’histoire', 'Recuerdo de la historia: respuesta a la pregunta sobre la historia', 'Ανάκληση ιστορίας: απάντηση στην ερώτηση για την ιστορία', 'Reamintirea poveștii: răspunsul la întrebarea despre poveste'), options(
    [0, t('Incorrect', 'Errata', 'Incorreta', 'Incorrecte', 'Incorrecta', 'Λανθασμένη', 'Incorect')],
    [1, t('Correct', 'Corretta', 'Correta', 'Correcte', 'Correcta', 'Σωστή', 'Corect')],
  ), { group: 'rcs' }),
];

/** FRAIL counts the "yes" answers; null as soon as one is missing. */
function frailCount(answers: Answers): number | null {
  const values = FRAIL.map((id) => answers[id]);
  return values.every((v) => typeof v === 'boolean') ? values.filter((v) => v === true).length : null;
}

const part = (total: number | null, bounds: readonly (readonly [number, string])[]): ScoreResult => ({ total, band: bandOrNull(total, bounds) });

/** The bands of each part: the highest score of each band, in order. */
const PART_BANDS = {
  frail: [[0, 'robust'], [2, 'prefrail'], [Infinity, 'frail']],
  sarcf: [[3, 'negative'], [Infinity, 'positive']],
  snaq: [[14, 'at-risk'], [Infinity, 'not-at-risk']],
  rcs: [[5, 'dementia'], [7, 'mci'], [Infinity, 'normal']],
} as const satisfies Record<string, readonly (readonly [number, string])[]>;

function score(answers: Answers): ScoreResult {
  return {
    total: null,
    band: null,
    subscales: {
      frail: part(frailCount(answers), PART_BANDS.frail),
      sarcf: part(sumOf(answers, SARCF), PART_BANDS.sarcf),
      snaq: part(sumOf(answers, SNAQ), PART_BANDS.snaq),
      rcs: part(sumOf(answers, RCS), PART_BANDS.rcs),
    },
  };
}

export const rga: InstrumentDef = {
  id: 'rga',
  version: '1.0.0',
  title: t('Rapid Geriatric Assessment (RGA)', 'Valutazione geriatrica rapida (RGA)', 'Avaliação geriátrica rápida (RGA)', 'Évaluation gériatrique rapide (RGA)', 'Valoración geriátrica rápida (RGA)', 'Ταχεία γηριατρική αξιολόγηση (RGA)', 'Evaluare geriatrică rapidă (RGA)'),
  description: t(
    'Four quick screens scored separately: frailty (FRAIL), sarcopenia (SARC-F), appetite (SNAQ) and cognition (Rapid Cognitive Screen).',
    'Quattro screening rapidi valutati separatamente: fragilità (FRAIL), sarcopenia (SARC-F), appetito (SNAQ) e cognizione (screening cognitivo rapido).',
    'Quatro rastreios rápidos pontuados separadamente: fragilidade (FRAIL), sarcopenia (SARC-F), apetite (SNAQ) e cognição (rastreio cognitivo rápido).',
    'Quatre dépistages rapides notés séparément : fragilité (FRAIL), sarcopénie (SARC-F), appétit (SNAQ) et cognition (dépistage cognitif rapide).',
    'Cuatro cribados rápidos puntuados por separado: fragilidad (FRAIL), sarcopenia (SARC-F), apetito (SNAQ) y cognición (cribado cognitivo rápido).',
    'Τέσσερις σύντομες αξιολογήσεις με χωριστή βαθμολογία: ευθραυστότητα (FRAIL), σαρκοπενία (SARC-F), όρεξη (SNAQ) και γνωστική λειτουργία (ταχεία γνωστική αξιολόγηση).',
    'Patru screeninguri rapide notate separat: fragilitate (FRAIL), sarcopenie (SARC-F), apetit (SNAQ) și cogniție (screening cognitiv rapid).',
  ),
  range: null,
  groups: [
    { key: 'frail', title: t('FRAIL scale', 'Scala FRAIL', 'Escala FRAIL', 'Échelle FRAIL', 'Escala FRAIL', 'Κλίμακα FRAIL', 'Scala FRAIL') },
    { key: 'sarcf', title: t('SARC-F (sarcopenia)', 'SARC-F (sarcopenia)', 'SARC-F (sarcopenia)', 'SARC-F (sarcopénie)', 'SARC-F (sarcopenia)', 'SARC-F (σαρκοπενία)', 'SARC-F (sarcopenie)') },
    { key: 'snaq', title: t('SNAQ (appetite)', 'SNAQ (appetito)', 'SNAQ (apetite)', 'SNAQ (appétit)', 'SNAQ (apetito)', 'SNAQ (όρεξη)', 'SNAQ (apetit)') },
    { key: 'rcs', title: t('Rapid Cognitive Screen', 'Screening cognitivo rapido', 'Rastreio cognitivo rápido', 'Dépistage cognitif rapide', 'Cribado cognitivo rápido', 'Ταχεία γνωστική αξιολόγηση', 'Screening cognitiv rapid') },
  ],
  items,
  // The bands of the four parts; the RGA itself has none.
  bands: [
    band('robust', t('Robust', 'Robusto', 'Robusto', 'Robuste', 'Robusto', 'Ρωμαλέος', 'Robust'), t('FRAIL 0: no frailty criteria.', 'FRAIL 0: nessun criterio di fragilità.', 'FRAIL 0: nenhum critério de fragilidade.', 'FRAIL 0 : aucun critère de fragilité.', 'FRAIL 0: ningún criterio de fragilidad.', 'FRAIL 0: κανένα κριτήριο ευθραυστότητας.', 'FRAIL 0: niciun criteriu de fragilitate.')),
    band('prefrail', t('Pre-frail', 'Pre-fragile', 'Pré-frágil', 'Pré-fragile', 'Prefrágil', 'Προ-εύθραυστος', 'Pre-fragil'), t('FRAIL 1–2: at risk of becoming frail; address the criteria present.', 'FRAIL 1–2: a rischio di diventare fragile; intervenire sui criteri presenti.', 'FRAIL 1–2: em risco de se tornar frágil; atuar nos critérios presentes.', 'FRAIL 1–2 : risque de devenir fragile ; agir sur les critères présents.', 'FRAIL 1–2: en riesgo de fragilidad; actuar sobre los criterios presentes.', 'FRAIL 1–2: κίνδυνος ευθραυστότητας· αντιμετωπίστε τα κριτήρια που υπάρχουν.', 'FRAIL 1–2: risc de a deveni fragil; abordați criteriile prezente.')),
    band('frail', t('Frail', 'Fragile', 'Frágil', 'Fragile', 'Frágil', 'Εύθραυστος', 'Fragil'), t('FRAIL 3–5: frailty; consider a comprehensive geriatric assessment.', 'FRAIL 3–5: fragilità; valutare una valutazione geriatrica multidimensionale.', 'FRAIL 3–5: fragilidade; considerar uma avaliação geriátrica global.', 'FRAIL 3–5 : fragilité ; envisager une évaluation gériatrique standardisée.', 'FRAIL 3–5: fragilidad; considerar una valoración geriátrica integral.', 'FRAIL 3–5: ευθραυστότητα· εξετάστε ολοκληρωμένη γηριατρική αξιολόγηση.', 'FRAIL 3–5: fragilitate; luați în considerare o evaluare geriatrică completă.'), true),
    band('negative', t('Sarcopenia unlikely', 'Sarcopenia improbabile', 'Sarcopenia improvável', 'Sarcopénie peu probable', 'Sarcopenia improbable', 'Σαρκοπενία απίθανη', 'Sarcopenie puțin probabilă'), t('SARC-F 0–3: negative screen for sarcopenia.', 'SARC-F 0–3: screening negativo per sarcopenia.', 'SARC-F 0–3: rastreio negativo para sarcopenia.', 'SARC-F 0–3 : dépistage de sarcopénie négatif.', 'SARC-F 0–3: cribado negativo de sarcopenia.', 'SARC-F 0–3: αρνητικός έλεγχος για σαρκοπενία.', 'SARC-F 0–3: screening negativ pentru sarcopenie.')),
    band('positive', t('Sarcopenia likely', 'Sarcopenia probabile', 'Sarcopenia provável', 'Sarcopénie probable', 'Sarcopenia probable', 'Πιθανή σαρκοπενία', 'Sarcopenie probabilă'), t('SARC-F 4 or more: sarcopenia likely; confirm with strength and muscle-mass tests.', 'SARC-F 4 o più: sarcopenia probabile; confermare con test di forza e massa muscolare.', 'SARC-F 4 ou mais: sarcopenia provável; confirmar com testes de força e massa muscular.', 'SARC-F 4 ou plus : sarcopénie probable ; confirmer par des tests de force et de masse musculaire.', 'SARC-F 4 o más: sarcopenia probable; confirmar con pruebas de fuerza y masa muscular.', 'SARC-F 4 ή περισσότερο: πιθανή σαρκοπενία· επιβεβαιώστε με δοκιμασίες δύναμης και μυϊκής μάζας.', 'SARC-F 4 sau mai mult: sarcopenie probabilă; confirmați prin teste de forță și masă musculară.'), true),
    band('not-at-risk', t('Not at risk', 'Non a rischio', 'Sem risco', 'Pas à risque', 'Sin riesgo', 'Χωρίς κίνδυνο', 'Fără risc'), t('SNAQ above 14: low risk of significant weight loss.', 'SNAQ sopra 14: basso rischio di perdita di peso significativa.', 'SNAQ acima de 14: baixo risco de perda de peso significativa.', 'SNAQ supérieur à 14 : faible risque de perte de poids importante.', 'SNAQ superior a 14: bajo riesgo de pérdida de peso significativa.', 'SNAQ πάνω από 14: χαμηλός κίνδυνος σημαντικής απώλειας βάρους.', 'SNAQ peste 14: risc scăzut de scădere semnificativă în greutate.')),
    band('at-risk', t('At risk of weight loss', 'A rischio di perdita di peso', 'Em risco de perda de peso', 'À risque de perte de poids', 'En riesgo de pérdida de peso', 'Κίνδυνος απώλειας βάρους', 'Risc de scădere în greutate'), t('SNAQ 14 or less: at least 5 % weight loss within 6 months is likely; assess nutrition.', 'SNAQ 14 o meno: probabile perdita di almeno il 5 % del peso entro 6 mesi; valutare la nutrizione.', 'SNAQ 14 ou menos: provável perda de pelo menos 5 % do peso em 6 meses; avaliar a nutrição.', 'SNAQ de 14 ou moins : perte d’au moins 5 % du poids probable dans les 6 mois ; évaluer la nutrition.', 'SNAQ de 14 o menos: probable pérdida de al menos el 5 % del peso en 6 meses; valorar la nutrición.', 'SNAQ 14 ή λιγότερο: πιθανή απώλεια τουλάχιστον 5 % του βάρους εντός 6 μηνών· αξιολογήστε τη διατροφή.', 'SNAQ 14 sau mai puțin: scădere probabilă de cel puțin 5 % din greutate în 6 luni; evaluați nutriția.'), true),
    band('normal', t('Normal cognition', 'Cognizione normale', 'Cognição normal', 'Cognition normale', 'Cognición normal', 'Φυσιολογική γνωστική λειτουργία', 'Cogniție normală'), t('RCS 8–10: no cognitive impairment detected.', 'RCS 8–10: nessun deficit cognitivo rilevato.', 'RCS 8–10: sem défice cognitivo detetado.', 'RCS 8–10 : aucun trouble cognitif détecté.', 'RCS 8–10: no se detecta deterioro cognitivo.', 'RCS 8–10: δεν ανιχνεύεται γνωστική διαταραχή.', 'RCS 8–10: nu s-a detectat afectare cognitivă.')),
    band('mci', t('Mild cognitive impairment', 'Deficit cognitivo lieve', 'Défice cognitivo ligeiro', 'Trouble cognitif léger', 'Deterioro cognitivo leve', 'Ήπια γνωστική διαταραχή', 'Afectare cognitivă ușoară'), t('RCS 6–7: possible mild cognitive impairment; further cognitive assessment advised.', 'RCS 6–7: possibile deficit cognitivo lieve; consigliata una valutazione cognitiva approfondita.', 'RCS 6–7: possível défice cognitivo ligeiro; recomenda-se avaliação cognitiva adicional.', 'RCS 6–7 : trouble cognitif léger possible ; évaluation cognitive complémentaire conseillée.', 'RCS 6–7: posible deterioro cognitivo leve; se aconseja una evaluación cognitiva adicional.', 'RCS 6–7: πιθανή ήπια γνωστική διαταραχή· συνιστάται περαιτέρω γνωστική αξιολόγηση.', 'RCS 6–7: posibilă afectare cognitivă ușoară; se recomandă evaluare cognitivă suplimentară.'), true),
    band('dementia', t('Possible dementia', 'Possibile demenza', 'Possível demência', 'Démence possible', 'Posible demencia', 'Πιθανή άνοια', 'Posibilă demență'), t('RCS 0–5: possible dementia; refer for a full cognitive evaluation.', 'RCS 0–5: possibile demenza; inviare per una valutazione cognitiva completa.', 'RCS 0–5: possível demência; referenciar para avaliação cognitiva completa.', 'RCS 0–5 : démence possible ; orienter vers une évaluation cognitive complète.', 'RCS 0–5: posible demencia; derivar para una evaluación cognitiva completa.', 'RCS 0–5: πιθανή άνοια· παραπέμψτε για πλήρη γνωστική αξιολόγηση.', 'RCS 0–5: posibilă demență; trimiteți pentru o evaluare cognitivă completă.'), true),
  ],
  subscales: Object.entries(PART_BANDS).map(([key, bounds]) => ({ key, type: 'result', bands: bounds.map(([, band]) => band) })),
  score,
};
