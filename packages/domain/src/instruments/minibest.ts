import { choice, options, t } from './define.ts';
import { timed } from './measure.ts';
import { itemIds, numberAt } from './scoring.ts';
import type { Answers, ChoiceItem, GroupDef, InstrumentDef, Localized, MeasureLevel } from './types.ts';

/**
 * Mini-BESTest (Franchignoni 2010): 14 items scored 2/1/0 in four sections, total 0–28. Items 3 and 6
 * are tested on both sides and count the lower side: the clinician records either the item itself
 * or both sides (`-left`/`-right`), from which the item is derived. Fall-risk cut-offs vary by
 * population (≈ 16–20), so the catalogue defines no bands.
 *
 * Version 1.1.0 added the times of its timed items (SPEC §5), with the thresholds of the published
 * criteria: rise to toes held 3 s normal, less severe; one-leg stance 20 s normal, less moderate;
 * feet-together stance (eyes open, firm; eyes closed, foam) 30 s normal, less moderate. "Unable"
 * (severe) and the criteria other than time are the clinician's to judge.
 */
const performance = options(
  [2, t('Normal', 'Normale', 'Normal', 'Normal', 'Normal', 'Φυσιολογικό', 'Normal')],
  [1, t('Moderate impairment', 'Compromissione moderata', 'Alteração moderada', 'Atteinte modérée', 'Alteración moderada', 'Μέτρια διαταραχή', 'Afectare moderată')],
  [0, t('Severe impairment', 'Compromissione grave', 'Alteração grave', 'Atteinte sévère', 'Alteración grave', 'Σοβαρή διαταραχή', 'Afectare severă')],
);

const groups: GroupDef[] = [
  { key: 'anticipatory', title: t('Anticipatory postural adjustments', 'Aggiustamenti posturali anticipatori', 'Ajustes posturais antecipatórios', 'Ajustements posturaux anticipatoires', 'Ajustes posturales anticipatorios', 'Προκαταβολικές προσαρμογές στάσης', 'Ajustări posturale anticipatorii') },
  { key: 'reactive', title: t('Reactive postural control', 'Controllo posturale reattivo', 'Controlo postural reativo', 'Contrôle postural réactif', 'Control postural reactivo', 'Αντιδραστικός έλεγχος στάσης', 'Control postural reactiv') },
  { key: 'sensory', title: t('Sensory orientation', 'Orientamento sensoriale', 'Orientação sensorial', 'Orientation sensorielle', 'Orientación sensorial', 'Αισθητηριακός προσανατολισμός', 'Orientare senzorială') },
  { key: 'dynamicGait', title: t('Dynamic gait', 'Cammino dinamico', 'Marcha dinâmica', 'Marche dynamique', 'Marcha dinámica', 'Δυναμική βάδιση', 'Mers dinamic') },
];

const held = (seconds: number, below: number): MeasureLevel[] => [{ level: 2, from: seconds }, { level: below, to: seconds }];
const timeOnToes = t('Time held on the toes (seconds)', 'Tempo mantenuto sulle punte (secondi)', 'Tempo mantido na ponta dos pés (segundos)', 'Temps tenu sur la pointe des pieds (secondes)', 'Tiempo mantenido de puntillas (segundos)', 'Χρόνος στις μύτες των ποδιών (δευτερόλεπτα)', 'Timpul menținut pe vârfuri (secunde)');
const timeOnOneLeg: [Localized, Localized, Localized] = [
  t('Time on one leg, shorter side (seconds)', 'Tempo su una gamba, il lato più breve (secondi)', 'Tempo numa perna, o lado mais curto (segundos)', 'Temps sur une jambe, côté le plus court (secondes)', 'Tiempo sobre una pierna, el lado más corto (segundos)', 'Χρόνος στο ένα πόδι, η πλευρά με τον μικρότερο χρόνο (δευτερόλεπτα)', 'Timpul într-un picior, partea cu timpul mai scurt (secunde)'),
  t('Time on the left leg (seconds)', 'Tempo sulla gamba sinistra (secondi)', 'Tempo na perna esquerda (segundos)', 'Temps sur la jambe gauche (secondes)', 'Tiempo sobre la pierna izquierda (segundos)', 'Χρόνος στο αριστερό πόδι (δευτερόλεπτα)', 'Timpul pe piciorul stâng (secunde)'),
  t('Time on the right leg (seconds)', 'Tempo sulla gamba destra (secondi)', 'Tempo na perna direita (segundos)', 'Temps sur la jambe droite (secondes)', 'Tiempo sobre la pierna derecha (segundos)', 'Χρόνος στο δεξί πόδι (δευτερόλεπτα)', 'Timpul pe piciorul drept (secunde)'),
];

/** Items 1–14: section and label; the two-sided items also carry their left and right labels; timed items their time. */
const ITEMS: { group: string; text: Localized; sides?: [Localized, Localized]; time?: { texts: Localized[]; levels: MeasureLevel[] } }[] = [
  { group: 'anticipatory', text: t('Sit to stand', 'Da seduto a in piedi', 'De sentado para de pé', 'Passage assis-debout', 'De sentado a de pie', 'Από καθιστή σε όρθια θέση', 'Ridicarea de pe scaun') },
  {
    group: 'anticipatory',
    text: t('Rise to toes', 'Sollevarsi sulle punte dei piedi', 'Elevação na ponta dos pés', 'Montée sur la pointe des pieds', 'Ponerse de puntillas', 'Ανύψωση στις μύτες των ποδιών', 'Ridicarea pe vârfuri'),
    time: { texts: [timeOnToes], levels: held(3, 0) },
  },
  {
    group: 'anticipatory',
    text: t('Stand on one leg (lower of left and right)', 'Stare su una gamba (il peggiore tra sinistra e destra)', 'Apoio numa perna (o pior entre esquerda e direita)', 'Appui sur une jambe (le plus bas entre gauche et droite)', 'Apoyo sobre una pierna (el peor entre izquierda y derecha)', 'Στάση στο ένα πόδι (το χαμηλότερο αριστερού και δεξιού)', 'Sprijin într-un picior (cel mai slab dintre stânga și dreapta)'),
    sides: [
      t('Stand on one leg: left', 'Stare su una gamba: sinistra', 'Apoio numa perna: esquerda', 'Appui sur une jambe : gauche', 'Apoyo sobre una pierna: izquierda', 'Στάση στο ένα πόδι: αριστερό', 'Sprijin într-un picior: stânga'),
      t('Stand on one leg: right', 'Stare su una gamba: destra', 'Apoio numa perna: direita', 'Appui sur une jambe : droite', 'Apoyo sobre una pierna: derecha', 'Στάση στο ένα πόδι: δεξί', 'Sprijin într-un picior: dreapta'),
    ],
    time: { texts: timeOnOneLeg, levels: held(20, 1) },
  },
  { group: 'reactive', text: t('Compensatory stepping: forward', 'Passo compensatorio: in avanti', 'Passo compensatório: para a frente', 'Pas de rattrapage : vers l’avant', 'Paso compensatorio: hacia delante', 'Αντισταθμιστικό βήμα: προς τα εμπρός', 'Pas compensator: înainte') },
  { group: 'reactive', text: t('Compensatory stepping: backward', 'Passo compensatorio: all’indietro', 'Passo compensatório: para trás', 'Pas de rattrapage : vers l’arrière', 'Paso compensatorio: hacia atrás', 'Αντισταθμιστικό βήμα: προς τα πίσω', 'Pas compensator: înapoi') },
  {
    group: 'reactive',
    text: t('Compensatory stepping: lateral (lower of left and right)', 'Passo compensatorio: laterale (il peggiore tra sinistra e destra)', 'Passo compensatório: lateral (o pior entre esquerda e direita)', 'Pas de rattrapage : latéral (le plus bas entre gauche et droite)', 'Paso compensatorio: lateral (el peor entre izquierda y derecha)', 'Αντισταθμιστικό βήμα: πλάγια (το χαμηλότερο αριστερής και δεξιάς πλευράς)', 'Pas compensator: lateral (cel mai slab dintre stânga și dreapta)'),
    sides: [
      t('Compensatory stepping, lateral: left', 'Passo compensatorio laterale: sinistra', 'Passo compensatório lateral: esquerda', 'Pas de rattrapage latéral : gauche', 'Paso compensatorio lateral: izquierda', 'Αντισταθμιστικό βήμα πλάγια: αριστερά', 'Pas compensator lateral: stânga'),
      t('Compensatory stepping, lateral: right', 'Passo compensatorio laterale: destra', 'Passo compensatório lateral: direita', 'Pas de rattrapage latéral : droite', 'Paso compensatorio lateral: derecha', 'Αντισταθμιστικό βήμα πλάγια: δεξιά', 'Pas compensator lateral: dreapta'),
    ],
  },
  {
    group: 'sensory',
    text: t('Stance, feet together, eyes open, firm surface', 'In piedi a piedi uniti, occhi aperti, superficie rigida', 'De pé, pés juntos, olhos abertos, superfície firme', 'Debout pieds joints, yeux ouverts, surface ferme', 'De pie con los pies juntos, ojos abiertos, superficie firme', 'Όρθια στάση με ενωμένα πόδια, ανοιχτά μάτια, σταθερή επιφάνεια', 'Stând cu picioarele lipite, ochii deschiși, suprafață fermă'),
    time: { texts: [t('Time standing feet together, eyes open (seconds)', 'Tempo in piedi a piedi uniti, occhi aperti (secondi)', 'Tempo de pé com os pés juntos, olhos abertos (segundos)', 'Temps debout pieds joints, yeux ouverts (secondes)', 'Tiempo de pie con los pies juntos, ojos abiertos (segundos)', 'Χρόνος όρθιας στάσης με ενωμένα πόδια, ανοιχτά μάτια (δευτερόλεπτα)', 'Timpul stând cu picioarele lipite, ochii deschiși (secunde)')], levels: held(30, 1) },
  },
  {
    group: 'sensory',
    text: t('Stance, feet together, eyes closed, foam surface', 'In piedi a piedi uniti, occhi chiusi, superficie in gommapiuma', 'De pé, pés juntos, olhos fechados, superfície de espuma', 'Debout pieds joints, yeux fermés, surface en mousse', 'De pie con los pies juntos, ojos cerrados, superficie de espuma', 'Όρθια στάση με ενωμένα πόδια, κλειστά μάτια, αφρώδης επιφάνεια', 'Stând cu picioarele lipite, ochii închiși, suprafață de burete'),
    time: { texts: [t('Time standing feet together, eyes closed, on foam (seconds)', 'Tempo in piedi a piedi uniti, occhi chiusi, su gommapiuma (secondi)', 'Tempo de pé com os pés juntos, olhos fechados, sobre espuma (segundos)', 'Temps debout pieds joints, yeux fermés, sur mousse (secondes)', 'Tiempo de pie con los pies juntos, ojos cerrados, sobre espuma (segundos)', 'Χρόνος όρθιας στάσης με ενωμένα πόδια, κλειστά μάτια, σε αφρώδη επιφάνεια (δευτερόλεπτα)', 'Timpul stând cu picioarele lipite, ochii închiși, pe burete (secunde)')], levels: held(30, 1) },
  },
  { group: 'sensory', text: t('Incline, eyes closed', 'Piano inclinato, occhi chiusi', 'Plano inclinado, olhos fechados', 'Plan incliné, yeux fermés', 'Plano inclinado, ojos cerrados', 'Κεκλιμένο επίπεδο, κλειστά μάτια', 'Plan înclinat, ochii închiși') },
  { group: 'dynamicGait', text: t('Change in gait speed', 'Cambio di velocità del cammino', 'Mudança na velocidade da marcha', 'Changement de vitesse de marche', 'Cambio de velocidad de la marcha', 'Αλλαγή ταχύτητας βάδισης', 'Schimbarea vitezei de mers') },
  { group: 'dynamicGait', text: t('Walk with horizontal head turns', 'Cammino con rotazioni orizzontali del capo', 'Marcha com rotações horizontais da cabeça', 'Marche avec rotations horizontales de la tête', 'Marcha con giros horizontales de la cabeza', 'Βάδιση με οριζόντιες στροφές της κεφαλής', 'Mers cu rotații orizontale ale capului') },
  { group: 'dynamicGait', text: t('Walk with pivot turns', 'Cammino con giro su se stessi', 'Marcha com mudança de sentido (pivô)', 'Marche avec demi-tour pivot', 'Marcha con giro sobre sí mismo', 'Βάδιση με στροφή επί τόπου', 'Mers cu întoarcere pe loc') },
  { group: 'dynamicGait', text: t('Step over obstacles', 'Superare un ostacolo', 'Passar por cima de obstáculos', 'Enjamber des obstacles', 'Pasar por encima de obstáculos', 'Υπέρβαση εμποδίων', 'Pășirea peste obstacole') },
  { group: 'dynamicGait', text: t('Timed Up & Go with dual task', 'Timed Up & Go con doppio compito', 'Timed Up & Go com dupla tarefa', 'Timed Up & Go en double tâche', 'Timed Up & Go con doble tarea', 'Timed Up & Go με διπλό έργο', 'Timed Up & Go cu sarcină dublă') },
];

const items: ChoiceItem[] = ITEMS.flatMap(({ group, text, sides, time }, i) => {
  const linkId = `minibest-${i + 1}`;
  // The item and each of its sides has its own time (the item's is the shorter side's).
  const measure = (id: string, n: number) => (time ? { measure: timed(id, time.texts[n], time.levels) } : {});
  if (!sides) return [choice(linkId, text, performance, { group, ...measure(linkId, 0) })];
  return [
    choice(linkId, text, performance, { group, optional: true, ...measure(linkId, 0) }),
    choice(`${linkId}-left`, sides[0], performance, { group, optional: true, ...measure(`${linkId}-left`, 1) }),
    choice(`${linkId}-right`, sides[1], performance, { group, optional: true, ...measure(`${linkId}-right`, 2) }),
  ];
});

/** An item's points: the item itself, else the lower of its two sides when both are recorded. */
function itemScore(answers: Answers, linkId: string): number | undefined {
  const direct = numberAt(answers, linkId);
  if (direct !== undefined) return direct;
  const left = numberAt(answers, `${linkId}-left`);
  const right = numberAt(answers, `${linkId}-right`);
  return left === undefined || right === undefined ? undefined : Math.min(left, right);
}

const SECTIONS = groups.map(({ key }) => ({
  key,
  linkIds: itemIds('minibest', ITEMS.length).filter((_, i) => ITEMS[i].group === key),
}));

function sectionSum(answers: Answers, linkIds: string[]): number | null {
  const values = linkIds.map((id) => itemScore(answers, id));
  return values.some((v) => v === undefined) ? null : (values as number[]).reduce((a, b) => a + b, 0);
}

function score(answers: Answers) {
  const subscales = Object.fromEntries(SECTIONS.map(({ key, linkIds }) => [key, sectionSum(answers, linkIds)]));
  const parts = Object.values(subscales);
  const total = parts.some((v) => v === null) ? null : (parts as number[]).reduce((a, b) => a + b, 0);
  return { total, band: null, subscales };
}

export const minibest: InstrumentDef = {
  id: 'minibest',
  version: '1.1.0',
  title: t('Mini-BESTest', 'Mini-BESTest', 'Mini-BESTest', 'Mini-BESTest', 'Mini-BESTest', 'Mini-BESTest', 'Mini-BESTest'),
  description: t(
    'Balance evaluation in 14 tasks scored 2 (normal) to 0 (severe impairment): anticipatory, reactive, sensory orientation and dynamic gait; total 0–28.',
    'Valutazione dell’equilibrio in 14 prove da 2 (normale) a 0 (compromissione grave): anticipatorio, reattivo, orientamento sensoriale e cammino dinamico; totale 0–28.',
    'Avaliação do equilíbrio em 14 tarefas pontuadas de 2 (normal) a 0 (alteração grave): antecipatório, reativo, orientação sensorial e marcha dinâmica; total 0–28.',
    'Évaluation de l’équilibre en 14 épreuves notées de 2 (normal) à 0 (atteinte sévère) : anticipation, réaction, orientation sensorielle et marche dynamique ; total 0–28.',
    'Evaluación del equilibrio en 14 tareas puntuadas de 2 (normal) a 0 (alteración grave): anticipatorio, reactivo, orientación sensorial y marcha dinámica; total 0–28.',
    'Αξιολόγηση ισορροπίας σε 14 δοκιμασίες με βαθμολογία από 2 (φυσιολογικό) έως 0 (σοβαρή διαταραχή): προκαταβολική, αντιδραστική, αισθητηριακός προσανατολισμός και δυναμική βάδιση· σύνολο 0–28.',
    'Evaluarea echilibrului în 14 probe notate de la 2 (normal) la 0 (afectare severă): anticipator, reactiv, orientare senzorială și mers dinamic; total 0–28.',
  ),
  range: { min: 0, max: 28 },
  groups,
  items,
  bands: [],
  subscales: groups.map(({ key }) => ({ key, type: 'integer' })),
  score,
};
