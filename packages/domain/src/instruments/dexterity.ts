import { DEXTERITY_EXCLUSION_ABOVE } from '../reference/constants.ts';
import { bandOrNull } from './bands.ts';
import { band, choice, options, t } from './define.ts';
import type { InstrumentDef } from './types.ts';

/** HUI3 dexterity attribute, screening criterion: level above 4 excludes (SPEC §5, catalogue §1). */
export const dexterity: InstrumentDef = {
  id: 'dexterity',
  version: '1.0.0',
  title: t('Dexterity (HUI3)', 'Destrezza (HUI3)', 'Destreza (HUI3)', 'Dextérité (HUI3)', 'Destreza (HUI3)', 'Επιδεξιότητα (HUI3)', 'Dexteritate (HUI3)'),
  description: t(
    'Use of hands and fingers, level 1 (full use) to 6 (needs help for every task).',
    "Uso delle mani e delle dita, dal livello 1 (uso completo) al 6 (serve aiuto per ogni attività).",
    'Uso das mãos e dos dedos, do nível 1 (uso completo) ao 6 (precisa de ajuda em todas as tarefas).',
    "Usage des mains et des doigts, du niveau 1 (usage complet) au niveau 6 (aide nécessaire pour toutes les tâches).",
    'Uso de manos y dedos, del nivel 1 (uso completo) al 6 (necesita ayuda en todas las tareas).',
    'Χρήση χεριών και δακτύλων, από το επίπεδο 1 (πλήρης χρήση) έως το 6 (χρειάζεται βοήθεια σε κάθε εργασία).',
    'Folosirea mâinilor și a degetelor, de la nivelul 1 (folosire deplină) la 6 (are nevoie de ajutor la orice activitate).',
  ),
  licence: t(
    'Health Utilities Index Mark 3 © Health Utilities Inc.; labels are paraphrased, the original wording needs a licence.',
    'Health Utilities Index Mark 3 © Health Utilities Inc.; etichette parafrasate, il testo originale richiede una licenza.',
    'Health Utilities Index Mark 3 © Health Utilities Inc.; rótulos parafraseados, o texto original exige licença.',
    "Health Utilities Index Mark 3 © Health Utilities Inc. ; libellés reformulés, le texte original nécessite une licence.",
    'Health Utilities Index Mark 3 © Health Utilities Inc.; etiquetas parafraseadas, el texto original requiere licencia.',
    'Health Utilities Index Mark 3 © Health Utilities Inc.· οι διατυπώσεις είναι παραφράσεις, το πρωτότυπο κείμενο απαιτεί άδεια.',
    'Health Utilities Index Mark 3 © Health Utilities Inc.; etichete parafrazate, textul original necesită licență.',
  ),
  range: { min: 1, max: 6 },
  items: [
    choice(
      'dexterity-1',
      t('Use of hands and fingers', 'Uso delle mani e delle dita', 'Uso das mãos e dos dedos', 'Usage des mains et des doigts', 'Uso de manos y dedos', 'Χρήση χεριών και δακτύλων', 'Folosirea mâinilor și a degetelor'),
      options(
        [1, t('Full use of both hands and all ten fingers', 'Uso completo di entrambe le mani e di tutte le dieci dita', 'Uso completo das duas mãos e dos dez dedos', 'Usage complet des deux mains et des dix doigts', 'Uso completo de ambas manos y de los diez dedos', 'Πλήρης χρήση και των δύο χεριών και των δέκα δακτύλων', 'Folosire deplină a ambelor mâini și a celor zece degete')],
        [2, t('Some limitation, but no special tools or help needed', 'Qualche limitazione, senza bisogno di ausili o di aiuto', 'Alguma limitação, sem necessidade de instrumentos especiais ou ajuda', "Quelques limitations, sans outil spécial ni aide", 'Alguna limitación, sin necesitar herramientas especiales ni ayuda', 'Κάποιος περιορισμός, χωρίς ανάγκη για ειδικά βοηθήματα ή βοήθεια', 'Unele limitări, fără nevoie de instrumente speciale sau ajutor')],
        [3, t('Some limitation, independent with special tools', 'Qualche limitazione, autonomo con ausili speciali', 'Alguma limitação, independente com instrumentos especiais', 'Quelques limitations, autonome avec des outils spéciaux', 'Alguna limitación, independiente con herramientas especiales', 'Κάποιος περιορισμός, αυτόνομος με ειδικά βοηθήματα', 'Unele limitări, independent cu instrumente speciale')],
        [4, t('Needs another person’s help for some tasks', 'Ha bisogno dell’aiuto di un’altra persona per alcune attività', 'Precisa da ajuda de outra pessoa para algumas tarefas', "A besoin de l’aide d’une autre personne pour certaines tâches", 'Necesita la ayuda de otra persona para algunas tareas', 'Χρειάζεται βοήθεια από άλλο άτομο για ορισμένες εργασίες', 'Are nevoie de ajutorul altei persoane pentru unele activități')],
        [5, t('Needs another person’s help for most tasks', 'Ha bisogno dell’aiuto di un’altra persona per la maggior parte delle attività', 'Precisa da ajuda de outra pessoa para a maioria das tarefas', "A besoin de l’aide d’une autre personne pour la plupart des tâches", 'Necesita la ayuda de otra persona para la mayoría de las tareas', 'Χρειάζεται βοήθεια από άλλο άτομο για τις περισσότερες εργασίες', 'Are nevoie de ajutorul altei persoane pentru majoritatea activităților')],
        [6, t('Needs another person’s help for all tasks', 'Ha bisogno dell’aiuto di un’altra persona per tutte le attività', 'Precisa da ajuda de outra pessoa para todas as tarefas', "A besoin de l’aide d’une autre personne pour toutes les tâches", 'Necesita la ayuda de otra persona para todas las tareas', 'Χρειάζεται βοήθεια από άλλο άτομο για όλες τις εργασίες', 'Are nevoie de ajutorul altei persoane pentru toate activitățile')],
      ),
    ),
  ],
  bands: [
    band(
      'eligible',
      t('Eligible', 'Idoneo', 'Elegível', 'Éligible', 'Elegible', 'Επιλέξιμος', 'Eligibil'),
      t('Dexterity level 4 or better: meets the inclusion criterion.', 'Livello di destrezza 4 o migliore: soddisfa il criterio di inclusione.', 'Nível de destreza 4 ou melhor: cumpre o critério de inclusão.', "Niveau de dextérité 4 ou meilleur : critère d’inclusion rempli.", 'Nivel de destreza 4 o mejor: cumple el criterio de inclusión.', 'Επίπεδο επιδεξιότητας 4 ή καλύτερο: πληροί το κριτήριο ένταξης.', 'Nivel de dexteritate 4 sau mai bun: îndeplinește criteriul de includere.'),
    ),
    band(
      'excluded',
      t('Below requirements', 'Sotto i requisiti', 'Abaixo dos requisitos', 'En dessous des exigences', 'Por debajo de los requisitos', 'Κάτω από τις απαιτήσεις', 'Sub cerințe'),
      t('Dexterity level above 4: the participant does not meet the inclusion criterion.', 'Livello di destrezza superiore a 4: il partecipante non soddisfa il criterio di inclusione.', 'Nível de destreza acima de 4: o participante não cumpre o critério de inclusão.', "Niveau de dextérité supérieur à 4 : le participant ne remplit pas le critère d’inclusion.", 'Nivel de destreza superior a 4: el participante no cumple el criterio de inclusión.', 'Επίπεδο επιδεξιότητας άνω του 4: ο συμμετέχων δεν πληροί το κριτήριο ένταξης.', 'Nivel de dexteritate peste 4: participantul nu îndeplinește criteriul de includere.'),
      true,
    ),
  ],
  score(answers) {
    const level = answers['dexterity-1'];
    const total = typeof level === 'number' ? level : null;
    return { total, band: bandOrNull(total, [[DEXTERITY_EXCLUSION_ABOVE, 'eligible'], [Infinity, 'excluded']]) };
  },
};
