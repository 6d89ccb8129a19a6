import { choice, options, t } from './define.ts';
import type { Answers, InstrumentDef, Localized } from './types.ts';

/**
 * Lawton IADL (Lawton & Brody 1969), 0–8 scoring of Graf 2008. The answer is the option code
 * (1-based position as printed); each domain lists its options with the 0/1 score of each code.
 */
type Domain = { text: Localized; options: [Localized, 0 | 1][] };

const domains: Domain[] = [
  {
    text: t('Ability to use the telephone', 'Capacità di usare il telefono', 'Capacidade de usar o telefone', 'Capacité à utiliser le téléphone', 'Capacidad para usar el teléfono', 'Ικανότητα χρήσης τηλεφώνου', 'Capacitatea de a folosi telefonul'),
    options: [
      [t('Uses the telephone on own initiative', 'Usa il telefono di propria iniziativa', 'Usa o telefone por iniciativa própria', 'Utilise le téléphone de sa propre initiative', 'Usa el teléfono por iniciativa propia', 'Χρησιμοποιεί το τηλέφωνο με δική του πρωτοβουλία', 'Folosește telefonul din proprie inițiativă'), 1],
      [t('Dials a few well-known numbers', 'Compone alcuni numeri ben conosciuti', 'Marca alguns números bem conhecidos', 'Compose quelques numéros bien connus', 'Marca unos pocos números conocidos', 'Καλεί μερικούς γνωστούς αριθμούς', 'Formează câteva numere bine cunoscute'), 1],
      [t('Answers the telephone but does not dial', 'Risponde al telefono ma non compone numeri', 'Atende o telefone mas não marca números', 'Répond au téléphone mais ne compose pas de numéro', 'Contesta el teléfono pero no marca', 'Απαντά στο τηλέφωνο αλλά δεν καλεί', 'Răspunde la telefon, dar nu formează numere'), 1],
      [t('Does not use the telephone at all', 'Non usa affatto il telefono', 'Não usa o telefone', 'N’utilise pas du tout le téléphone', 'No usa el teléfono en absoluto', 'Δεν χρησιμοποιεί καθόλου τηλέφωνο', 'Nu folosește deloc telefonul'), 0],
    ],
  },
  {
    text: t('Shopping', 'Fare la spesa', 'Fazer compras', 'Faire les courses', 'Hacer la compra', 'Ψώνια', 'Cumpărături'),
    options: [
      [t('Does all shopping independently', 'Fa la spesa in modo autonomo', 'Faz todas as compras de forma independente', 'Fait toutes ses courses seul', 'Hace todas las compras de forma independiente', 'Κάνει όλα τα ψώνια αυτόνομα', 'Face singur toate cumpărăturile'), 1],
      [t('Makes small purchases independently only', 'Fa autonomamente solo piccoli acquisti', 'Faz sozinho apenas pequenas compras', 'Ne fait seul que de petits achats', 'Solo hace pequeñas compras de forma independiente', 'Κάνει μόνος μόνο μικρές αγορές', 'Face singur doar cumpărături mici'), 0],
      [t('Needs to be accompanied when shopping', 'Ha bisogno di essere accompagnato per la spesa', 'Precisa de ser acompanhado para fazer compras', 'Doit être accompagné pour faire les courses', 'Necesita compañía para hacer la compra', 'Χρειάζεται συνοδεία για τα ψώνια', 'Are nevoie să fie însoțit la cumpărături'), 0],
      [t('Unable to shop', 'Incapace di fare la spesa', 'Incapaz de fazer compras', 'Incapable de faire les courses', 'Incapaz de hacer la compra', 'Αδυνατεί να ψωνίσει', 'Incapabil să facă cumpărături'), 0],
    ],
  },
  {
    text: t('Food preparation', 'Preparazione dei pasti', 'Preparação das refeições', 'Préparation des repas', 'Preparación de la comida', 'Προετοιμασία φαγητού', 'Pregătirea mesei'),
    options: [
      [t('Plans, prepares and serves adequate meals independently', 'Pianifica, prepara e serve pasti adeguati in autonomia', 'Planeia, prepara e serve refeições adequadas sozinho', 'Prévoit, prépare et sert seul des repas adéquats', 'Planifica, prepara y sirve comidas adecuadas por sí mismo', 'Σχεδιάζει, ετοιμάζει και σερβίρει μόνος επαρκή γεύματα', 'Planifică, pregătește și servește singur mese adecvate'), 1],
      [t('Prepares adequate meals if given the ingredients', 'Prepara pasti adeguati se gli vengono forniti gli ingredienti', 'Prepara refeições adequadas se lhe derem os ingredientes', 'Prépare des repas adéquats si on lui fournit les ingrédients', 'Prepara comidas adecuadas si se le dan los ingredientes', 'Ετοιμάζει επαρκή γεύματα αν του δοθούν τα υλικά', 'Pregătește mese adecvate dacă primește ingredientele'), 0],
      [t('Heats and serves meals, or does not keep an adequate diet', 'Riscalda e serve i pasti, o non segue una dieta adeguata', 'Aquece e serve refeições, ou não mantém uma dieta adequada', 'Réchauffe et sert des repas, ou n’a pas une alimentation adéquate', 'Calienta y sirve comidas, o no mantiene una dieta adecuada', 'Ζεσταίνει και σερβίρει γεύματα ή δεν διατηρεί επαρκή διατροφή', 'Încălzește și servește mâncarea sau nu are o alimentație adecvată'), 0],
      [t('Needs meals prepared and served', 'Ha bisogno che i pasti siano preparati e serviti', 'Precisa que lhe preparem e sirvam as refeições', 'A besoin qu’on lui prépare et serve les repas', 'Necesita que le preparen y sirvan las comidas', 'Χρειάζεται να του ετοιμάζουν και να του σερβίρουν τα γεύματα', 'Are nevoie ca mesele să-i fie pregătite și servite'), 0],
    ],
  },
  {
    text: t('Housekeeping', 'Governo della casa', 'Lida da casa', 'Entretien de la maison', 'Cuidado de la casa', 'Οικιακές εργασίες', 'Întreținerea locuinței'),
    options: [
      [t('Maintains the house alone or with occasional help for heavy work', 'Cura la casa da solo o con aiuto occasionale per i lavori pesanti', 'Cuida da casa sozinho ou com ajuda ocasional nos trabalhos pesados', 'Entretient seul la maison ou avec une aide occasionnelle pour les gros travaux', 'Cuida la casa solo o con ayuda ocasional para tareas pesadas', 'Φροντίζει μόνος το σπίτι ή με περιστασιακή βοήθεια στις βαριές δουλειές', 'Întreține singur locuința sau cu ajutor ocazional la muncile grele'), 1],
      [t('Performs light daily tasks such as dishwashing or bed-making', 'Svolge lavori leggeri quotidiani come lavare i piatti o rifare il letto', 'Faz tarefas diárias leves, como lavar a loiça ou fazer a cama', 'Effectue des tâches quotidiennes légères comme la vaisselle ou le lit', 'Realiza tareas diarias ligeras como fregar los platos o hacer la cama', 'Κάνει ελαφριές καθημερινές δουλειές, όπως πιάτα ή στρώσιμο κρεβατιού', 'Face treburi zilnice ușoare, precum spălatul vaselor sau făcutul patului'), 1],
      [t('Performs light daily tasks but cannot keep an acceptable level of cleanliness', 'Svolge lavori leggeri ma non mantiene un livello di pulizia accettabile', 'Faz tarefas leves mas não mantém um nível de limpeza aceitável', 'Effectue des tâches légères mais ne maintient pas une propreté acceptable', 'Realiza tareas ligeras pero no mantiene un nivel de limpieza aceptable', 'Κάνει ελαφριές δουλειές αλλά δεν διατηρεί αποδεκτό επίπεδο καθαριότητας', 'Face treburi ușoare, dar nu menține un nivel acceptabil de curățenie'), 1],
      [t('Needs help with all home maintenance tasks', 'Ha bisogno di aiuto per tutte le faccende domestiche', 'Precisa de ajuda em todas as tarefas domésticas', 'A besoin d’aide pour toutes les tâches ménagères', 'Necesita ayuda en todas las tareas domésticas', 'Χρειάζεται βοήθεια σε όλες τις οικιακές εργασίες', 'Are nevoie de ajutor la toate treburile casnice'), 1],
      [t('Does not take part in any housekeeping task', 'Non partecipa ad alcuna faccenda domestica', 'Não participa em nenhuma tarefa doméstica', 'Ne participe à aucune tâche ménagère', 'No participa en ninguna tarea doméstica', 'Δεν συμμετέχει σε καμία οικιακή εργασία', 'Nu participă la nicio treabă casnică'), 0],
    ],
  },
  {
    text: t('Laundry', 'Bucato', 'Lavagem da roupa', 'Lessive', 'Lavado de la ropa', 'Πλύσιμο ρούχων', 'Spălatul rufelor'),
    options: [
      [t('Does all personal laundry', 'Fa tutto il proprio bucato', 'Lava toda a sua roupa', 'Fait toute sa lessive personnelle', 'Lava toda su ropa', 'Πλένει όλα τα προσωπικά του ρούχα', 'Își spală singur toate rufele'), 1],
      [t('Launders small items only', 'Lava solo piccoli capi', 'Lava apenas peças pequenas', 'Ne lave que de petites pièces', 'Solo lava prendas pequeñas', 'Πλένει μόνο μικρά ρούχα', 'Spală doar obiecte mici'), 1],
      [t('All laundry must be done by others', 'Tutto il bucato deve essere fatto da altri', 'Toda a roupa tem de ser lavada por outros', 'Toute la lessive doit être faite par d’autres', 'Otros deben lavar toda la ropa', 'Όλα τα ρούχα πρέπει να τα πλένουν άλλοι', 'Toate rufele trebuie spălate de alții'), 0],
    ],
  },
  {
    text: t('Mode of transportation', 'Mezzi di trasporto', 'Meio de transporte', 'Moyens de transport', 'Medio de transporte', 'Μετακίνηση', 'Mijloace de transport'),
    options: [
      [t('Travels independently by public transport or drives', 'Viaggia da solo con i mezzi pubblici o guida', 'Desloca-se sozinho de transportes públicos ou conduz', 'Se déplace seul en transports en commun ou conduit', 'Viaja solo en transporte público o conduce', 'Μετακινείται μόνος με συγκοινωνίες ή οδηγεί', 'Călătorește singur cu transportul public sau conduce'), 1],
      [t('Arranges own travel by taxi but does not use public transport', 'Si organizza con il taxi ma non usa i mezzi pubblici', 'Organiza as deslocações de táxi mas não usa transportes públicos', 'Se déplace en taxi mais n’utilise pas les transports en commun', 'Se organiza en taxi pero no usa el transporte público', 'Κανονίζει μόνος ταξί αλλά δεν χρησιμοποιεί συγκοινωνίες', 'Își organizează deplasarea cu taxiul, dar nu folosește transportul public'), 1],
      [t('Travels on public transport when accompanied', 'Usa i mezzi pubblici se accompagnato', 'Usa transportes públicos quando acompanhado', 'Prend les transports en commun s’il est accompagné', 'Usa el transporte público si va acompañado', 'Χρησιμοποιεί συγκοινωνίες όταν έχει συνοδεία', 'Folosește transportul public când este însoțit'), 1],
      [t('Travel limited to taxi or car with assistance', 'Spostamenti limitati a taxi o auto con assistenza', 'Deslocações limitadas a táxi ou carro com assistência', 'Déplacements limités au taxi ou à la voiture avec aide', 'Desplazamientos limitados a taxi o coche con ayuda', 'Μετακινείται μόνο με ταξί ή αυτοκίνητο με βοήθεια', 'Deplasări limitate la taxi sau mașină, cu asistență'), 0],
      [t('Does not travel at all', 'Non si sposta affatto', 'Não se desloca', 'Ne se déplace pas du tout', 'No se desplaza en absoluto', 'Δεν μετακινείται καθόλου', 'Nu se deplasează deloc'), 0],
    ],
  },
  {
    text: t('Responsibility for own medications', 'Responsabilità nell’assunzione dei farmaci', 'Responsabilidade pela própria medicação', 'Responsabilité de ses médicaments', 'Responsabilidad sobre su medicación', 'Ευθύνη για τα φάρμακά του', 'Responsabilitatea pentru propria medicație'),
    options: [
      [t('Takes the correct dose at the correct time independently', 'Assume da solo la dose corretta all’orario corretto', 'Toma sozinho a dose certa à hora certa', 'Prend seul la bonne dose au bon moment', 'Toma solo la dosis correcta a la hora correcta', 'Παίρνει μόνος τη σωστή δόση τη σωστή ώρα', 'Ia singur doza corectă la ora corectă'), 1],
      [t('Takes medication if prepared in advance in separate doses', 'Assume i farmaci se preparati in anticipo in dosi separate', 'Toma a medicação se preparada antecipadamente em doses separadas', 'Prend ses médicaments s’ils sont préparés à l’avance en doses séparées', 'Toma la medicación si se prepara de antemano en dosis separadas', 'Παίρνει τα φάρμακα αν έχουν ετοιμαστεί από πριν σε χωριστές δόσεις', 'Ia medicamentele dacă sunt pregătite dinainte în doze separate'), 0],
      [t('Is not capable of dispensing own medication', 'Non è in grado di gestire i propri farmaci', 'Não é capaz de gerir a própria medicação', 'N’est pas capable de gérer ses médicaments', 'No es capaz de administrarse la medicación', 'Δεν είναι ικανός να διαχειριστεί τα φάρμακά του', 'Nu este capabil să-și administreze medicația'), 0],
    ],
  },
  {
    text: t('Ability to handle finances', 'Capacità di gestire il denaro', 'Capacidade de gerir as finanças', 'Capacité à gérer ses finances', 'Capacidad para manejar el dinero', 'Ικανότητα διαχείρισης οικονομικών', 'Capacitatea de a-și gestiona finanțele'),
    options: [
      [t('Manages financial matters independently', 'Gestisce in autonomia le questioni economiche', 'Gere os assuntos financeiros de forma independente', 'Gère seul ses affaires financières', 'Maneja sus asuntos económicos de forma independiente', 'Διαχειρίζεται μόνος τα οικονομικά του', 'Își gestionează singur problemele financiare'), 1],
      [t('Manages day-to-day purchases but needs help with banking', 'Gestisce gli acquisti quotidiani ma ha bisogno di aiuto con la banca', 'Gere as compras do dia a dia mas precisa de ajuda com o banco', 'Gère les achats courants mais a besoin d’aide pour la banque', 'Maneja las compras diarias pero necesita ayuda con el banco', 'Διαχειρίζεται τις καθημερινές αγορές αλλά χρειάζεται βοήθεια με την τράπεζα', 'Se descurcă cu cumpărăturile zilnice, dar are nevoie de ajutor la bancă'), 1],
      [t('Incapable of handling money', 'Incapace di gestire il denaro', 'Incapaz de lidar com dinheiro', 'Incapable de gérer l’argent', 'Incapaz de manejar dinero', 'Ανίκανος να διαχειριστεί χρήματα', 'Incapabil să gestioneze bani'), 0],
    ],
  },
];

const linkId = (i: number) => `iadl-${i + 1}`;

export const iadl: InstrumentDef = {
  id: 'iadl',
  version: '1.0.0',
  title: t('Lawton Instrumental Activities of Daily Living', 'Attività strumentali della vita quotidiana (Lawton)', 'Atividades Instrumentais de Vida Diária (Lawton)', 'Activités instrumentales de la vie quotidienne (Lawton)', 'Actividades instrumentales de la vida diaria (Lawton)', 'Κλίμακα Lawton Δραστηριοτήτων Καθημερινής Ζωής', 'Activități instrumentale ale vieții zilnice (Lawton)'),
  description: t(
    'Independence in eight instrumental activities; 0 (totally dependent) to 8 (totally independent).',
    'Autonomia in otto attività strumentali; da 0 (totalmente dipendente) a 8 (totalmente autonomo).',
    'Independência em oito atividades instrumentais; de 0 (totalmente dependente) a 8 (totalmente independente).',
    'Autonomie dans huit activités instrumentales ; de 0 (totalement dépendant) à 8 (totalement autonome).',
    'Independencia en ocho actividades instrumentales; de 0 (totalmente dependiente) a 8 (totalmente independiente).',
    'Αυτονομία σε οκτώ σύνθετες δραστηριότητες· από 0 (πλήρως εξαρτημένος) έως 8 (πλήρως αυτόνομος).',
    'Independența în opt activități instrumentale; de la 0 (complet dependent) la 8 (complet independent).',
  ),
  range: { min: 0, max: 8 },
  items: domains.map((domain, i) => choice(linkId(i), domain.text, options(...domain.options.map(([label], code): [number, Localized] => [code + 1, label])))),
  bands: [],
  score(answers: Answers) {
    let total = 0;
    for (const [i, domain] of domains.entries()) {
      const code = answers[linkId(i)];
      if (typeof code !== 'number') return { total: null, band: null };
      total += domain.options[code - 1][1];
    }
    return { total, band: null };
  },
};
