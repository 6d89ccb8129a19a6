import { choice, integer, options, t } from './define.ts';
import { EQ5D_VALUE_SETS, eq5dIndexes } from './eq5d5l-value-sets.ts';
import { numberAt } from './scoring.ts';
import type { InstrumentDef, Localized } from './types.ts';

/**
 * EQ-5D-5L: five dimensions on five levels and the EQ VAS. `total` is the level sum (5–25,
 * higher is worse; catalogue: same as eq5d's lss()); the profile, level sum and VAS are
 * subscales and the index of every value set is in `index`. No bands: the instrument has none.
 */
const DIMENSIONS = ['eq5d5l-1', 'eq5d5l-2', 'eq5d5l-3', 'eq5d5l-4', 'eq5d5l-5'];
const VAS = 'eq5d5l-vas';

/** Five paraphrased levels per dimension, from level 1 to 5. */
const levels = (labels: Localized[]) => options(...labels.map((label, i): [number, Localized] => [i + 1, label]));

const lvl = {
  none: t('No problems', 'Nessun problema', 'Sem problemas', 'Aucun problème', 'Sin problemas', 'Κανένα πρόβλημα', 'Nicio problemă'),
  slight: t('Slight problems', 'Problemi lievi', 'Problemas ligeiros', 'Problèmes légers', 'Problemas leves', 'Ελαφριά προβλήματα', 'Probleme ușoare'),
  moderate: t('Moderate problems', 'Problemi moderati', 'Problemas moderados', 'Problèmes modérés', 'Problemas moderados', 'Μέτρια προβλήματα', 'Probleme moderate'),
  severe: t('Severe problems', 'Problemi gravi', 'Problemas graves', 'Problèmes sévères', 'Problemas graves', 'Σοβαρά προβλήματα', 'Probleme severe'),
  unable: t('Unable', 'Non in grado', 'Incapaz', 'Incapable', 'Incapaz', 'Αδυναμία', 'Incapabil'),
};
const problems = levels([lvl.none, lvl.slight, lvl.moderate, lvl.severe, lvl.unable]);

const pain = levels([
  t('No pain or discomfort', 'Nessun dolore o fastidio', 'Sem dor ou mal-estar', 'Aucune douleur ni gêne', 'Sin dolor ni malestar', 'Κανένας πόνος ή δυσφορία', 'Fără durere sau disconfort'),
  t('Slight pain or discomfort', 'Dolore o fastidio lieve', 'Dor ou mal-estar ligeiro', 'Douleur ou gêne légère', 'Dolor o malestar leve', 'Ελαφρύς πόνος ή δυσφορία', 'Durere sau disconfort ușor'),
  t('Moderate pain or discomfort', 'Dolore o fastidio moderato', 'Dor ou mal-estar moderado', 'Douleur ou gêne modérée', 'Dolor o malestar moderado', 'Μέτριος πόνος ή δυσφορία', 'Durere sau disconfort moderat'),
  t('Severe pain or discomfort', 'Dolore o fastidio forte', 'Dor ou mal-estar forte', 'Douleur ou gêne sévère', 'Dolor o malestar fuerte', 'Έντονος πόνος ή δυσφορία', 'Durere sau disconfort sever'),
  t('Extreme pain or discomfort', 'Dolore o fastidio estremo', 'Dor ou mal-estar extremo', 'Douleur ou gêne extrême', 'Dolor o malestar extremo', 'Ακραίος πόνος ή δυσφορία', 'Durere sau disconfort extrem'),
]);

const anxiety = levels([
  t('Not anxious or depressed', 'Non ansioso né depresso', 'Sem ansiedade nem depressão', 'Ni anxieux ni déprimé', 'Sin ansiedad ni depresión', 'Χωρίς άγχος ή κατάθλιψη', 'Fără anxietate sau depresie'),
  t('Slightly anxious or depressed', 'Lievemente ansioso o depresso', 'Ligeiramente ansioso ou deprimido', 'Légèrement anxieux ou déprimé', 'Levemente ansioso o deprimido', 'Ελαφρώς αγχώδης ή καταθλιπτικός', 'Ușor anxios sau deprimat'),
  t('Moderately anxious or depressed', 'Moderatamente ansioso o depresso', 'Moderadamente ansioso ou deprimido', 'Modérément anxieux ou déprimé', 'Moderadamente ansioso o deprimido', 'Μέτρια αγχώδης ή καταθλιπτικός', 'Moderat anxios sau deprimat'),
  t('Severely anxious or depressed', 'Gravemente ansioso o depresso', 'Gravemente ansioso ou deprimido', 'Sévèrement anxieux ou déprimé', 'Gravemente ansioso o deprimido', 'Σοβαρά αγχώδης ή καταθλιπτικός', 'Sever anxios sau deprimat'),
  t('Extremely anxious or depressed', 'Estremamente ansioso o depresso', 'Extremamente ansioso ou deprimido', 'Extrêmement anxieux ou déprimé', 'Extremadamente ansioso o deprimido', 'Εξαιρετικά αγχώδης ή καταθλιπτικός', 'Extrem de anxios sau deprimat'),
]);

export const eq5d5l: InstrumentDef = {
  id: 'eq5d5l',
  version: '1.0.0',
  title: t('EQ-5D-5L', 'EQ-5D-5L', 'EQ-5D-5L', 'EQ-5D-5L', 'EQ-5D-5L', 'EQ-5D-5L', 'EQ-5D-5L'),
  description: t(
    'Health today in five dimensions on five levels, and the EQ VAS from 0 (worst) to 100 (best imaginable health).',
    'La salute di oggi in cinque dimensioni su cinque livelli, e la scala EQ VAS da 0 (peggiore) a 100 (migliore salute immaginabile).',
    'A saúde hoje em cinco dimensões com cinco níveis, e a escala EQ VAS de 0 (pior) a 100 (melhor saúde imaginável).',
    'La santé aujourd’hui selon cinq dimensions à cinq niveaux, et l’EQ VAS de 0 (pire) à 100 (meilleure santé imaginable).',
    'La salud de hoy en cinco dimensiones con cinco niveles, y la EQ VAS de 0 (peor) a 100 (mejor salud imaginable).',
    'Η υγεία σήμερα σε πέντε διαστάσεις με πέντε επίπεδα, και η κλίμακα EQ VAS από 0 (χειρότερη) έως 100 (καλύτερη δυνατή υγεία).',
    'Starea de sănătate de azi în cinci dimensiuni cu cinci niveluri și scala EQ VAS de la 0 (cea mai rea) la 100 (cea mai bună sănătate imaginabilă).',
  ),
  licence: t(
    'EQ-5D™ is a trademark of the EuroQol Research Foundation; labels are paraphrased and electronic use needs a EuroQol licence.',
    'EQ-5D™ è un marchio della EuroQol Research Foundation; etichette parafrasate, l’uso elettronico richiede una licenza EuroQol.',
    'EQ-5D™ é uma marca da EuroQol Research Foundation; rótulos parafraseados, o uso eletrónico exige licença EuroQol.',
    'EQ-5D™ est une marque de l’EuroQol Research Foundation ; libellés reformulés, l’usage électronique nécessite une licence EuroQol.',
    'EQ-5D™ es una marca de la EuroQol Research Foundation; etiquetas parafraseadas, el uso electrónico requiere licencia de EuroQol.',
    'Το EQ-5D™ είναι εμπορικό σήμα του EuroQol Research Foundation· οι διατυπώσεις είναι παραφράσεις και η ηλεκτρονική χρήση απαιτεί άδεια EuroQol.',
    'EQ-5D™ este o marcă a EuroQol Research Foundation; etichete parafrazate, utilizarea electronică necesită licență EuroQol.',
  ),
  range: { min: 5, max: 25 },
  items: [
    choice(DIMENSIONS[0], t('Mobility: walking about', 'Mobilità: camminare', 'Mobilidade: andar', 'Mobilité : se déplacer à pied', 'Movilidad: caminar', 'Κινητικότητα: περπάτημα', 'Mobilitate: deplasarea pe jos'), problems),
    choice(DIMENSIONS[1], t('Self-care: washing or dressing', 'Cura di sé: lavarsi o vestirsi', 'Cuidados pessoais: lavar-se ou vestir-se', 'Autonomie : se laver ou s’habiller', 'Cuidado personal: lavarse o vestirse', 'Αυτοφροντίδα: πλύσιμο ή ντύσιμο', 'Autoîngrijire: spălare sau îmbrăcare'), problems),
    choice(DIMENSIONS[2], t('Usual activities (work, study, housework, family or leisure)', 'Attività abituali (lavoro, studio, casa, famiglia o tempo libero)', 'Atividades habituais (trabalho, estudo, lida da casa, família ou lazer)', 'Activités courantes (travail, études, ménage, famille ou loisirs)', 'Actividades habituales (trabajo, estudio, tareas domésticas, familia u ocio)', 'Συνήθεις δραστηριότητες (εργασία, μελέτη, δουλειές σπιτιού, οικογένεια ή ελεύθερος χρόνος)', 'Activități obișnuite (muncă, studiu, treburi casnice, familie sau timp liber)'), problems),
    choice(DIMENSIONS[3], t('Pain or discomfort', 'Dolore o fastidio', 'Dor ou mal-estar', 'Douleur ou gêne', 'Dolor o malestar', 'Πόνος ή δυσφορία', 'Durere sau disconfort'), pain),
    choice(DIMENSIONS[4], t('Anxiety or depression', 'Ansia o depressione', 'Ansiedade ou depressão', 'Anxiété ou dépression', 'Ansiedad o depresión', 'Άγχος ή κατάθλιψη', 'Anxietate sau depresie'), anxiety),
    integer(VAS, t('Health today on a scale from 0 to 100', 'Salute di oggi su una scala da 0 a 100', 'Saúde hoje numa escala de 0 a 100', 'Santé aujourd’hui sur une échelle de 0 à 100', 'Salud de hoy en una escala de 0 a 100', 'Υγεία σήμερα σε κλίμακα από 0 έως 100', 'Sănătatea de azi pe o scală de la 0 la 100'), { min: 0, max: 100 }, {
      anchors: {
        min: t('Worst health you can imagine', 'La peggiore salute immaginabile', 'A pior saúde imaginável', 'La pire santé imaginable', 'La peor salud imaginable', 'Η χειρότερη υγεία που μπορείτε να φανταστείτε', 'Cea mai proastă sănătate imaginabilă'),
        max: t('Best health you can imagine', 'La migliore salute immaginabile', 'A melhor saúde imaginável', 'La meilleure santé imaginable', 'La mejor salud imaginable', 'Η καλύτερη υγεία που μπορείτε να φανταστείτε', 'Cea mai bună sănătate imaginabilă'),
      },
    }),
  ],
  bands: [],
  subscales: [{ key: 'profile', type: 'string' }, { key: 'levelSumScore', type: 'integer' }, { key: 'vas', type: 'integer' }],
  indexValueSets: EQ5D_VALUE_SETS,
  score(answers) {
    const levelsGiven = DIMENSIONS.map((id) => numberAt(answers, id));
    const vas = numberAt(answers, VAS) ?? null;
    if (levelsGiven.some((level) => level === undefined)) {
      return { total: null, band: null, subscales: { profile: null, levelSumScore: null, vas } };
    }
    const profile = levelsGiven.join('');
    const levelSumScore = (levelsGiven as number[]).reduce((a, b) => a + b, 0);
    return { total: levelSumScore, band: null, subscales: { profile, levelSumScore, vas }, index: eq5dIndexes(profile) };
  },
};
