import { band, choiceItems, options, t } from './define.ts';
import { counted, timed } from './measure.ts';
import { itemIds, sumScorer } from './scoring.ts';
import type { InstrumentDef, MeasureDef } from './types.ts';

/**
 * Functional Gait Assessment (Wrisley 2004); fall-risk cut-off ≤ 22 (Wrisley & Kumar 2010).
 * Version 1.1.0 added the measured values of its timed and counted items (SPEC §5), with the
 * thresholds of the published level criteria: item 1, 6 m in < 5.5 s normal, < 7 s mild, more
 * moderate; item 5, pivot within 3 s normal, over 3 s mild; item 7, tandem walk over 3.6 m, 10
 * steps normal, 7–9 mild, 4–6 moderate, fewer severe; item 8, 6 m eyes closed in < 7 s normal,
 * < 9 s mild (the 9 s threshold), more moderate. A value suggests the best level it allows; the
 * other criteria of a level (aid, deviation, imbalance) may lower it.
 */
const impairment = options(
  [3, t('Normal', 'Normale', 'Normal', 'Normal', 'Normal', 'Φυσιολογικό', 'Normal')],
  [2, t('Mild impairment', 'Compromissione lieve', 'Alteração ligeira', 'Atteinte légère', 'Alteración leve', 'Ήπια διαταραχή', 'Afectare ușoară')],
  [1, t('Moderate impairment', 'Compromissione moderata', 'Alteração moderada', 'Atteinte modérée', 'Alteración moderada', 'Μέτρια διαταραχή', 'Afectare moderată')],
  [0, t('Severe impairment', 'Compromissione grave', 'Alteração grave', 'Atteinte sévère', 'Alteración grave', 'Σοβαρή διαταραχή', 'Afectare severă')],
);

const MEASURES: Record<string, MeasureDef> = {
  'fga-1': timed('fga-1', t('Time to walk 6 m (seconds)', 'Tempo per percorrere 6 m (secondi)', 'Tempo para percorrer 6 m (segundos)', 'Temps pour parcourir 6 m (secondes)', 'Tiempo para recorrer 6 m (segundos)', 'Χρόνος βάδισης 6 m (δευτερόλεπτα)', 'Timpul de parcurgere a 6 m (secunde)'),
    [{ level: 3, to: 5.5 }, { level: 2, from: 5.5, to: 7 }, { level: 1, from: 7 }]),
  'fga-5': timed('fga-5', t('Time to pivot turn and stop (seconds)', 'Tempo per girarsi e fermarsi (secondi)', 'Tempo para rodar e parar (segundos)', 'Temps du demi-tour et de l’arrêt (secondes)', 'Tiempo para girar y detenerse (segundos)', 'Χρόνος περιστροφής και στάσης (δευτερόλεπτα)', 'Timpul de întoarcere și oprire (secunde)'),
    [{ level: 3, to: 3 }, { level: 2, from: 3 }], 'lower'),
  'fga-7': counted('fga-7', t('Steps heel to toe along 3.6 m (up to 10)', 'Passi tallone-punta su 3,6 m (fino a 10)', 'Passos calcanhar-ponta ao longo de 3,6 m (até 10)', 'Pas talon-pointe sur 3,6 m (jusqu’à 10)', 'Pasos talón-punta a lo largo de 3,6 m (hasta 10)', 'Βήματα φτέρνα-δάχτυλα σε 3,6 m (έως 10)', 'Pași călcâi-vârf pe 3,6 m (până la 10)'),
    10, [{ level: 3, from: 10 }, { level: 2, from: 7, to: 10 }, { level: 1, from: 4, to: 7 }, { level: 0, to: 4 }]),
  'fga-8': timed('fga-8', t('Time to walk 6 m with eyes closed (seconds)', 'Tempo per percorrere 6 m a occhi chiusi (secondi)', 'Tempo para percorrer 6 m de olhos fechados (segundos)', 'Temps pour parcourir 6 m les yeux fermés (secondes)', 'Tiempo para recorrer 6 m con los ojos cerrados (segundos)', 'Χρόνος βάδισης 6 m με κλειστά μάτια (δευτερόλεπτα)', 'Timpul de parcurgere a 6 m cu ochii închiși (secunde)'),
    [{ level: 3, to: 7 }, { level: 2, from: 7, to: 9 }, { level: 1, from: 9 }]),
};

export const fga: InstrumentDef = {
  id: 'fga',
  version: '1.1.0',
  title: t('Functional Gait Assessment', 'Functional Gait Assessment', 'Avaliação Funcional da Marcha', 'Évaluation fonctionnelle de la marche', 'Evaluación Funcional de la Marcha', 'Λειτουργική Αξιολόγηση Βάδισης', 'Evaluarea funcțională a mersului'),
  description: t(
    'Ten walking tasks on a 6 m walkway 30.48 cm wide; 0 to 30, 22 or less indicates increased fall risk.',
    'Dieci prove di cammino su un percorso di 6 m largo 30,48 cm; da 0 a 30, 22 o meno indica un rischio di caduta aumentato.',
    'Dez tarefas de marcha num percurso de 6 m com 30,48 cm de largura; de 0 a 30, 22 ou menos indica risco de queda aumentado.',
    'Dix épreuves de marche sur un couloir de 6 m de 30,48 cm de large ; de 0 à 30, 22 ou moins indique un risque de chute accru.',
    'Diez pruebas de marcha en un pasillo de 6 m y 30,48 cm de ancho; de 0 a 30, 22 o menos indica mayor riesgo de caída.',
    'Δέκα δοκιμασίες βάδισης σε διάδρομο 6 m και πλάτους 30,48 cm· 0 έως 30, 22 ή λιγότερο δείχνει αυξημένο κίνδυνο πτώσης.',
    'Zece probe de mers pe un culoar de 6 m lat de 30,48 cm; de la 0 la 30, 22 sau mai puțin indică un risc crescut de cădere.',
  ),
  range: { min: 0, max: 30 },
  items: choiceItems('fga', [
    t('Gait on a level surface', 'Cammino su superficie piana', 'Marcha em superfície plana', 'Marche sur surface plane', 'Marcha en superficie plana', 'Βάδιση σε επίπεδη επιφάνεια', 'Mers pe suprafață plană'),
    t('Change in gait speed', 'Variazione della velocità del cammino', 'Mudança na velocidade da marcha', 'Changement de vitesse de marche', 'Cambio en la velocidad de la marcha', 'Αλλαγή ταχύτητας βάδισης', 'Schimbarea vitezei de mers'),
    t('Gait with horizontal head turns', 'Cammino con rotazioni orizzontali del capo', 'Marcha com rotações horizontais da cabeça', 'Marche avec rotations horizontales de la tête', 'Marcha con giros horizontales de la cabeza', 'Βάδιση με οριζόντιες στροφές κεφαλής', 'Mers cu rotații orizontale ale capului'),
    t('Gait with vertical head turns', 'Cammino con movimenti verticali del capo', 'Marcha com movimentos verticais da cabeça', 'Marche avec mouvements verticaux de la tête', 'Marcha con movimientos verticales de la cabeza', 'Βάδιση με κάθετες κινήσεις κεφαλής', 'Mers cu mișcări verticale ale capului'),
    t('Gait and pivot turn', 'Cammino e giro su sé stessi', 'Marcha e rotação sobre si próprio', 'Marche et demi-tour pivot', 'Marcha y giro sobre sí mismo', 'Βάδιση και περιστροφή', 'Mers și întoarcere pe loc'),
    t('Step over an obstacle', 'Scavalcare un ostacolo', 'Passar por cima de um obstáculo', 'Enjamber un obstacle', 'Pasar por encima de un obstáculo', 'Υπερπήδηση εμποδίου', 'Pășirea peste un obstacol'),
    t('Gait with a narrow base of support', 'Cammino con base d’appoggio ristretta', 'Marcha com base de apoio estreita', 'Marche avec base de sustentation étroite', 'Marcha con base de apoyo estrecha', 'Βάδιση με στενή βάση στήριξης', 'Mers cu bază de sprijin îngustă'),
    t('Gait with eyes closed', 'Cammino a occhi chiusi', 'Marcha de olhos fechados', 'Marche les yeux fermés', 'Marcha con los ojos cerrados', 'Βάδιση με κλειστά μάτια', 'Mers cu ochii închiși'),
    t('Walking backwards', 'Cammino all’indietro', 'Marcha para trás', 'Marche à reculons', 'Marcha hacia atrás', 'Βάδιση προς τα πίσω', 'Mers înapoi'),
    t('Steps (stairs)', 'Scale', 'Escadas', 'Escaliers', 'Escaleras', 'Σκαλοπάτια', 'Trepte (scări)'),
  ], impairment).map((item) => (MEASURES[item.linkId] ? { ...item, measure: MEASURES[item.linkId] } : item)),
  bands: [
    band('increased-fall-risk', t('Increased fall risk', 'Rischio di caduta aumentato', 'Risco de queda aumentado', 'Risque de chute accru', 'Riesgo de caída aumentado', 'Αυξημένος κίνδυνος πτώσης', 'Risc crescut de cădere'), t('Score 22 or less.', 'Punteggio 22 o meno.', 'Pontuação 22 ou menos.', 'Score de 22 ou moins.', 'Puntuación de 22 o menos.', 'Βαθμολογία 22 ή λιγότερο.', 'Scor 22 sau mai puțin.'), true),
    band('lower-fall-risk', t('Lower fall risk', 'Rischio di caduta più basso', 'Risco de queda mais baixo', 'Risque de chute plus faible', 'Menor riesgo de caída', 'Χαμηλότερος κίνδυνος πτώσης', 'Risc mai scăzut de cădere'), t('Score 23 or more.', 'Punteggio 23 o più.', 'Pontuação 23 ou mais.', 'Score de 23 ou plus.', 'Puntuación de 23 o más.', 'Βαθμολογία 23 ή περισσότερο.', 'Scor 23 sau mai mult.')),
  ],
  score: sumScorer(itemIds('fga', 10), [[22, 'increased-fall-risk'], [Infinity, 'lower-fall-risk']]),
};
