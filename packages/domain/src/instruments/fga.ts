import { band, choiceItems, options, t } from './define.ts';
import { itemIds, sumScorer } from './scoring.ts';
import type { InstrumentDef } from './types.ts';

/** Functional Gait Assessment (Wrisley 2004); fall-risk cut-off ≤ 22 (Wrisley & Kumar 2010). */
const impairment = options(
  [3, t('Normal', 'Normale', 'Normal', 'Normal', 'Normal', 'Φυσιολογικό', 'Normal')],
  [2, t('Mild impairment', 'Compromissione lieve', 'Alteração ligeira', 'Atteinte légère', 'Alteración leve', 'Ήπια διαταραχή', 'Afectare ușoară')],
  [1, t('Moderate impairment', 'Compromissione moderata', 'Alteração moderada', 'Atteinte modérée', 'Alteración moderada', 'Μέτρια διαταραχή', 'Afectare moderată')],
  [0, t('Severe impairment', 'Compromissione grave', 'Alteração grave', 'Atteinte sévère', 'Alteración grave', 'Σοβαρή διαταραχή', 'Afectare severă')],
);

export const fga: InstrumentDef = {
  id: 'fga',
  version: '1.0.0',
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
  ], impairment),
  bands: [
    band('increased-fall-risk', t('Increased fall risk', 'Rischio di caduta aumentato', 'Risco de queda aumentado', 'Risque de chute accru', 'Riesgo de caída aumentado', 'Αυξημένος κίνδυνος πτώσης', 'Risc crescut de cădere'), t('Score 22 or less.', 'Punteggio 22 o meno.', 'Pontuação 22 ou menos.', 'Score de 22 ou moins.', 'Puntuación de 22 o menos.', 'Βαθμολογία 22 ή λιγότερο.', 'Scor 22 sau mai puțin.'), true),
    band('lower-fall-risk', t('Lower fall risk', 'Rischio di caduta più basso', 'Risco de queda mais baixo', 'Risque de chute plus faible', 'Menor riesgo de caída', 'Χαμηλότερος κίνδυνος πτώσης', 'Risc mai scăzut de cădere'), t('Score 23 or more.', 'Punteggio 23 o più.', 'Pontuação 23 ou mais.', 'Score de 23 ou plus.', 'Puntuación de 23 o más.', 'Βαθμολογία 23 ή περισσότερο.', 'Scor 23 sau mai mult.')),
  ],
  score: sumScorer(itemIds('fga', 10), [[22, 'increased-fall-risk'], [Infinity, 'lower-fall-risk']]),
};
