import { bandOrNull } from './bands.ts';
import { band, choiceItems, options, t } from './define.ts';
import { itemIds, sumOf } from './scoring.ts';
import type { Answers, InstrumentDef } from './types.ts';

/** Hamilton Anxiety Rating Scale (Hamilton 1959): 14 clinician-rated items 0–4; bands of the openEHR archetype. */
const severity = options(
  [0, t('Not present', 'Assente', 'Ausente', 'Absent', 'Ausente', 'Απουσιάζει', 'Absent')],
  [1, t('Mild', 'Lieve', 'Ligeiro', 'Léger', 'Leve', 'Ήπιο', 'Ușor')],
  [2, t('Moderate', 'Moderato', 'Moderado', 'Modéré', 'Moderado', 'Μέτριο', 'Moderat')],
  [3, t('Severe', 'Grave', 'Grave', 'Sévère', 'Grave', 'Σοβαρό', 'Sever')],
  [4, t('Very severe', 'Molto grave', 'Muito grave', 'Très sévère', 'Muy grave', 'Πολύ σοβαρό', 'Foarte sever')],
);

const symptoms = [
  t('Anxious mood', 'Umore ansioso', 'Humor ansioso', 'Humeur anxieuse', 'Estado de ánimo ansioso', 'Αγχώδης διάθεση', 'Dispoziție anxioasă'),
  t('Tension', 'Tensione', 'Tensão', 'Tension', 'Tensión', 'Ένταση', 'Tensiune'),
  t('Fears', 'Paure', 'Medos', 'Peurs', 'Temores', 'Φόβοι', 'Temeri'),
  t('Insomnia', 'Insonnia', 'Insónia', 'Insomnie', 'Insomnio', 'Αϋπνία', 'Insomnie'),
  t('Intellectual (cognitive) difficulties', 'Difficoltà intellettive (cognitive)', 'Dificuldades intelectuais (cognitivas)', 'Difficultés intellectuelles (cognitives)', 'Dificultades intelectuales (cognitivas)', 'Νοητικές (γνωστικές) δυσκολίες', 'Dificultăți intelectuale (cognitive)'),
  t('Depressed mood', 'Umore depresso', 'Humor depressivo', 'Humeur dépressive', 'Estado de ánimo deprimido', 'Καταθλιπτική διάθεση', 'Dispoziție depresivă'),
  t('Somatic symptoms (muscular)', 'Sintomi somatici (muscolari)', 'Sintomas somáticos (musculares)', 'Symptômes somatiques (musculaires)', 'Síntomas somáticos (musculares)', 'Σωματικά συμπτώματα (μυϊκά)', 'Simptome somatice (musculare)'),
  t('Somatic symptoms (sensory)', 'Sintomi somatici (sensoriali)', 'Sintomas somáticos (sensoriais)', 'Symptômes somatiques (sensoriels)', 'Síntomas somáticos (sensoriales)', 'Σωματικά συμπτώματα (αισθητηριακά)', 'Simptome somatice (senzoriale)'),
  t('Cardiovascular symptoms', 'Sintomi cardiovascolari', 'Sintomas cardiovasculares', 'Symptômes cardiovasculaires', 'Síntomas cardiovasculares', 'Καρδιαγγειακά συμπτώματα', 'Simptome cardiovasculare'),
  t('Respiratory symptoms', 'Sintomi respiratori', 'Sintomas respiratórios', 'Symptômes respiratoires', 'Síntomas respiratorios', 'Αναπνευστικά συμπτώματα', 'Simptome respiratorii'),
  t('Gastrointestinal symptoms', 'Sintomi gastrointestinali', 'Sintomas gastrointestinais', 'Symptômes gastro-intestinaux', 'Síntomas gastrointestinales', 'Γαστρεντερικά συμπτώματα', 'Simptome gastrointestinale'),
  t('Genitourinary symptoms', 'Sintomi genitourinari', 'Sintomas geniturinários', 'Symptômes génito-urinaires', 'Síntomas genitourinarios', 'Ουρογεννητικά συμπτώματα', 'Simptome genito-urinare'),
  t('Autonomic symptoms', 'Sintomi neurovegetativi', 'Sintomas autonómicos', 'Symptômes neurovégétatifs', 'Síntomas autonómicos', 'Συμπτώματα αυτόνομου νευρικού συστήματος', 'Simptome vegetative'),
  t('Behaviour at interview', 'Comportamento durante il colloquio', 'Comportamento durante a entrevista', 'Comportement pendant l’entretien', 'Comportamiento durante la entrevista', 'Συμπεριφορά κατά τη συνέντευξη', 'Comportament în timpul interviului'),
];

const ALL = itemIds('hama', 14);
const PSYCHIC = ['hama-1', 'hama-2', 'hama-3', 'hama-4', 'hama-5', 'hama-6', 'hama-14'];
const SOMATIC = ['hama-7', 'hama-8', 'hama-9', 'hama-10', 'hama-11', 'hama-12', 'hama-13'];
const BANDS = [[17, 'mild'], [24, 'mild-to-moderate'], [30, 'moderate-to-severe'], [Infinity, 'severe']] as const;

function score(answers: Answers) {
  const total = sumOf(answers, ALL);
  return {
    total,
    band: bandOrNull(total, BANDS),
    subscales: { psychic: sumOf(answers, PSYCHIC), somatic: sumOf(answers, SOMATIC) },
  };
}

export const hama: InstrumentDef = {
  id: 'hama',
  version: '1.0.0',
  title: t('Hamilton Anxiety Rating Scale (HAM-A)', 'Scala di Hamilton per l’ansia (HAM-A)', 'Escala de Ansiedade de Hamilton (HAM-A)', 'Échelle d’anxiété de Hamilton (HAM-A)', 'Escala de Ansiedad de Hamilton (HAM-A)', 'Κλίμακα άγχους Hamilton (HAM-A)', 'Scala de anxietate Hamilton (HAM-A)'),
  description: t(
    'Clinician rating of 14 anxiety symptom groups from 0 (not present) to 4 (very severe); total 0–56 with psychic and somatic subscores.',
    'Valutazione del clinico di 14 gruppi di sintomi ansiosi da 0 (assente) a 4 (molto grave); totale 0–56 con sottopunteggi psichico e somatico.',
    'Avaliação clínica de 14 grupos de sintomas de ansiedade de 0 (ausente) a 4 (muito grave); total 0–56 com subpontuações psíquica e somática.',
    'Cotation par le clinicien de 14 groupes de symptômes anxieux de 0 (absent) à 4 (très sévère) ; total 0–56 avec sous-scores psychique et somatique.',
    'Valoración clínica de 14 grupos de síntomas de ansiedad de 0 (ausente) a 4 (muy grave); total 0–56 con subpuntuaciones psíquica y somática.',
    'Κλινική βαθμολόγηση 14 ομάδων συμπτωμάτων άγχους από 0 (απουσιάζει) έως 4 (πολύ σοβαρό)· σύνολο 0–56 με ψυχική και σωματική υποκλίμακα.',
    'Evaluarea clinică a 14 grupe de simptome anxioase de la 0 (absent) la 4 (foarte sever); total 0–56, cu subscoruri psihic și somatic.',
  ),
  range: { min: 0, max: 56 },
  items: choiceItems('hama', symptoms, severity),
  bands: [
    band('mild', t('Mild', 'Lieve', 'Ligeira', 'Légère', 'Leve', 'Ήπιο', 'Ușoară'), t('Score 17 or less: mild anxiety severity.', 'Punteggio fino a 17: ansia di grado lieve.', 'Pontuação até 17: ansiedade de gravidade ligeira.', 'Score de 17 ou moins : anxiété d’intensité légère.', 'Puntuación de 17 o menos: ansiedad de intensidad leve.', 'Βαθμολογία έως 17: ήπιας βαρύτητας άγχος.', 'Scor de cel mult 17: anxietate de intensitate ușoară.')),
    band('mild-to-moderate', t('Mild to moderate', 'Da lieve a moderata', 'Ligeira a moderada', 'Légère à modérée', 'Leve a moderada', 'Ήπιο έως μέτριο', 'Ușoară până la moderată'), t('Score 18–24: mild to moderate anxiety; monitor and offer support.', 'Punteggio 18–24: ansia da lieve a moderata; monitorare e offrire supporto.', 'Pontuação 18–24: ansiedade ligeira a moderada; vigiar e oferecer apoio.', 'Score 18–24 : anxiété légère à modérée ; surveiller et proposer un soutien.', 'Puntuación 18–24: ansiedad leve a moderada; vigilar y ofrecer apoyo.', 'Βαθμολογία 18–24: ήπιο έως μέτριο άγχος· παρακολούθηση και υποστήριξη.', 'Scor 18–24: anxietate ușoară până la moderată; monitorizare și sprijin.')),
    band('moderate-to-severe', t('Moderate to severe', 'Da moderata a grave', 'Moderada a grave', 'Modérée à sévère', 'Moderada a grave', 'Μέτριο έως σοβαρό', 'Moderată până la severă'), t('Score 25–30: moderate to severe anxiety; consider treatment.', 'Punteggio 25–30: ansia da moderata a grave; valutare un trattamento.', 'Pontuação 25–30: ansiedade moderada a grave; considerar tratamento.', 'Score 25–30 : anxiété modérée à sévère ; envisager un traitement.', 'Puntuación 25–30: ansiedad moderada a grave; considerar tratamiento.', 'Βαθμολογία 25–30: μέτριο έως σοβαρό άγχος· εξετάστε θεραπεία.', 'Scor 25–30: anxietate moderată până la severă; luați în considerare tratamentul.'), true),
    band('severe', t('Severe', 'Grave', 'Grave', 'Sévère', 'Grave', 'Σοβαρό', 'Severă'), t('Score above 30: severe anxiety; needs prompt clinical attention.', 'Punteggio oltre 30: ansia grave; richiede attenzione clinica tempestiva.', 'Pontuação acima de 30: ansiedade grave; requer atenção clínica rápida.', 'Score supérieur à 30 : anxiété sévère ; nécessite une prise en charge rapide.', 'Puntuación superior a 30: ansiedad grave; requiere atención clínica inmediata.', 'Βαθμολογία πάνω από 30: σοβαρό άγχος· χρειάζεται άμεση κλινική προσοχή.', 'Scor peste 30: anxietate severă; necesită atenție clinică promptă.'), true),
  ],
  subscales: [{ key: 'psychic', type: 'integer' }, { key: 'somatic', type: 'integer' }],
  score,
};
