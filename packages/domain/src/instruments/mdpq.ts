import { choice, options, t } from './define.ts';
import { numberAt } from './scoring.ts';
import type { Answers, GroupDef, InstrumentDef, ItemDef, Localized } from './types.ts';

/**
 * Mobile Device Proficiency Questionnaire with the protocol's 15 tasks (SPEC §3).
 *
 * Which item set: the published short form MDPQ-16 (Roque & Boot 2018, J Appl Gerontol 37:131–156,
 * appendix: 8 subscales of 2 tasks) without its task 6, "transfer files from a computer to the
 * device". No 15-item MDPQ is published (Roque & Boot publish only the MDPQ-46 and the MDPQ-16), so
 * the protocol's 15 tasks are read as the MDPQ-16 less one task. Why that one: it is the mirror of
 * task 5 (device to computer) within the same subscale, so every one of the 8 published subscales
 * keeps at least one task and the published scoring still applies unchanged: a subscale is the mean
 * of its tasks (data and file storage: its one task), the total the sum of the 8 means (8–40), so
 * totals stay comparable with MDPQ-16 totals. "Never tried" scores 1, like the lowest proficiency.
 *
 * Version 2.0.0 (15 tasks, `mdpq-1..15` in the MDPQ-16's order) replaced the MDPQ-16 (1.x,
 * `mdpq-1..16`): responses recorded with 1.x are read, scored and edited with `mdpq16` below.
 */
const ease = options(
  [1, t('Never tried', 'Mai provato', 'Nunca experimentei', 'Jamais essayé', 'Nunca lo he intentado', 'Δεν το έχω δοκιμάσει', 'Nu am încercat niciodată')],
  [2, t('Not at all', 'Per niente', 'De modo nenhum', 'Pas du tout', 'En absoluto', 'Καθόλου', 'Deloc')],
  [3, t('Not very easily', 'Non molto facilmente', 'Não muito facilmente', 'Pas très facilement', 'No muy fácilmente', 'Όχι πολύ εύκολα', 'Nu foarte ușor')],
  [4, t('Somewhat easily', 'Abbastanza facilmente', 'Com alguma facilidade', 'Assez facilement', 'Con bastante facilidad', 'Αρκετά εύκολα', 'Destul de ușor')],
  [5, t('Very easily', 'Molto facilmente', 'Muito facilmente', 'Très facilement', 'Muy fácilmente', 'Πολύ εύκολα', 'Foarte ușor')],
);

/** Each subscale with its title and its two MDPQ-16 tasks, in published order (items 1–16). */
const SUBSCALES: { key: string; title: Localized; tasks: [Localized, Localized] }[] = [
  {
    key: 'basics',
    title: t('Mobile device basics', 'Nozioni di base del dispositivo', 'Noções básicas do dispositivo', 'Notions de base de l’appareil', 'Conceptos básicos del dispositivo', 'Βασικές λειτουργίες της συσκευής', 'Noțiuni de bază ale dispozitivului'),
    tasks: [
      t('Navigate on-screen menus by touch', 'Navigare nei menu sullo schermo con il tocco', 'Navegar nos menus do ecrã com o toque', 'Naviguer dans les menus de l’écran par toucher', 'Navegar por los menús en pantalla con el dedo', 'Πλοήγηση στα μενού της οθόνης με άγγιγμα', 'Navigarea prin meniurile de pe ecran prin atingere'),
      t('Type text with the on-screen keyboard', 'Scrivere con la tastiera sullo schermo', 'Escrever com o teclado no ecrã', 'Écrire avec le clavier à l’écran', 'Escribir con el teclado en pantalla', 'Πληκτρολόγηση με το πληκτρολόγιο της οθόνης', 'Scrierea cu tastatura de pe ecran'),
    ],
  },
  {
    key: 'communication',
    title: t('Communication', 'Comunicazione', 'Comunicação', 'Communication', 'Comunicación', 'Επικοινωνία', 'Comunicare'),
    tasks: [
      t('Send an e-mail', 'Inviare un’e-mail', 'Enviar um e-mail', 'Envoyer un e-mail', 'Enviar un correo electrónico', 'Αποστολή email', 'Trimiterea unui e-mail'),
      t('Send pictures by e-mail', 'Inviare foto via e-mail', 'Enviar fotografias por e-mail', 'Envoyer des photos par e-mail', 'Enviar fotos por correo electrónico', 'Αποστολή φωτογραφιών με email', 'Trimiterea de fotografii prin e-mail'),
    ],
  },
  {
    key: 'dataFileStorage',
    title: t('Data and file storage', 'Dati e archiviazione dei file', 'Dados e armazenamento de ficheiros', 'Données et stockage de fichiers', 'Datos y almacenamiento de archivos', 'Δεδομένα και αποθήκευση αρχείων', 'Date și stocarea fișierelor'),
    tasks: [
      t('Transfer files from the device to a computer', 'Trasferire file dal dispositivo a un computer', 'Transferir ficheiros do dispositivo para um computador', 'Transférer des fichiers de l’appareil vers un ordinateur', 'Transferir archivos del dispositivo a un ordenador', 'Μεταφορά αρχείων από τη συσκευή σε υπολογιστή', 'Transferul de fișiere de pe dispozitiv pe un computer'),
      t('Transfer files from a computer to the device', 'Trasferire file da un computer al dispositivo', 'Transferir ficheiros de um computador para o dispositivo', 'Transférer des fichiers d’un ordinateur vers l’appareil', 'Transferir archivos de un ordenador al dispositivo', 'Μεταφορά αρχείων από υπολογιστή στη συσκευή', 'Transferul de fișiere de pe un computer pe dispozitiv'),
    ],
  },
  {
    key: 'internet',
    title: t('Internet', 'Internet', 'Internet', 'Internet', 'Internet', 'Διαδίκτυο', 'Internet'),
    tasks: [
      t('Find information about hobbies or interests online', 'Cercare online informazioni su hobby o interessi', 'Procurar na internet informação sobre passatempos ou interesses', 'Trouver en ligne des informations sur ses loisirs ou centres d’intérêt', 'Buscar en internet información sobre aficiones o intereses', 'Αναζήτηση πληροφοριών για χόμπι ή ενδιαφέροντα στο διαδίκτυο', 'Căutarea online a informațiilor despre hobby-uri sau interese'),
      t('Find health information online', 'Cercare online informazioni sulla salute', 'Procurar na internet informação sobre saúde', 'Trouver des informations de santé en ligne', 'Buscar en internet información sobre salud', 'Αναζήτηση πληροφοριών υγείας στο διαδίκτυο', 'Căutarea online a informațiilor despre sănătate'),
    ],
  },
  {
    key: 'calendar',
    title: t('Calendar', 'Calendario', 'Calendário', 'Agenda', 'Calendario', 'Ημερολόγιο', 'Calendar'),
    tasks: [
      t('Enter events and appointments in the calendar', 'Inserire eventi e appuntamenti nel calendario', 'Registar eventos e consultas no calendário', 'Saisir des événements et rendez-vous dans l’agenda', 'Anotar eventos y citas en el calendario', 'Καταχώριση εκδηλώσεων και ραντεβού στο ημερολόγιο', 'Introducerea evenimentelor și programărilor în calendar'),
      t('Check the dates of upcoming appointments', 'Controllare le date dei prossimi appuntamenti', 'Verificar as datas das próximas consultas', 'Vérifier les dates des prochains rendez-vous', 'Consultar las fechas de las próximas citas', 'Έλεγχος ημερομηνιών επερχόμενων ραντεβού', 'Verificarea datelor programărilor viitoare'),
    ],
  },
  {
    key: 'entertainment',
    title: t('Entertainment', 'Intrattenimento', 'Entretenimento', 'Divertissement', 'Entretenimiento', 'Ψυχαγωγία', 'Divertisment'),
    tasks: [
      t('Use an app store to find games or other entertainment', 'Usare un negozio di app per trovare giochi o altro intrattenimento', 'Usar uma loja de aplicações para encontrar jogos ou outro entretenimento', 'Utiliser une boutique d’applications pour trouver des jeux ou divertissements', 'Usar una tienda de aplicaciones para encontrar juegos u otro entretenimiento', 'Χρήση καταστήματος εφαρμογών για εύρεση παιχνιδιών ή ψυχαγωγίας', 'Folosirea unui magazin de aplicații pentru a găsi jocuri sau divertisment'),
      t('Listen to music', 'Ascoltare musica', 'Ouvir música', 'Écouter de la musique', 'Escuchar música', 'Ακρόαση μουσικής', 'Ascultarea muzicii'),
    ],
  },
  {
    key: 'privacy',
    title: t('Privacy', 'Privacy', 'Privacidade', 'Confidentialité', 'Privacidad', 'Ιδιωτικότητα', 'Confidențialitate'),
    tasks: [
      t('Set up a password to lock the device', 'Impostare una password per bloccare il dispositivo', 'Definir uma palavra-passe para bloquear o dispositivo', 'Définir un mot de passe pour verrouiller l’appareil', 'Configurar una contraseña para bloquear el dispositivo', 'Ορισμός κωδικού κλειδώματος της συσκευής', 'Setarea unei parole de blocare a dispozitivului'),
      t('Erase the browsing history or temporary files', 'Cancellare la cronologia di navigazione o i file temporanei', 'Apagar o histórico de navegação ou os ficheiros temporários', 'Effacer l’historique de navigation ou les fichiers temporaires', 'Borrar el historial de navegación o los archivos temporales', 'Διαγραφή ιστορικού περιήγησης ή προσωρινών αρχείων', 'Ștergerea istoricului de navigare sau a fișierelor temporare'),
    ],
  },
  {
    key: 'troubleshootingSoftware',
    title: t('Troubleshooting and software management', 'Risoluzione dei problemi e gestione del software', 'Resolução de problemas e gestão de software', 'Dépannage et gestion des logiciels', 'Resolución de problemas y gestión del software', 'Επίλυση προβλημάτων και διαχείριση λογισμικού', 'Depanare și gestionarea software-ului'),
    tasks: [
      t('Update apps', 'Aggiornare le app', 'Atualizar aplicações', 'Mettre à jour des applications', 'Actualizar aplicaciones', 'Ενημέρωση εφαρμογών', 'Actualizarea aplicațiilor'),
      t('Delete apps', 'Eliminare le app', 'Eliminar aplicações', 'Supprimer des applications', 'Eliminar aplicaciones', 'Διαγραφή εφαρμογών', 'Ștergerea aplicațiilor'),
    ],
  },
];

/** The MDPQ-16 task the protocol leaves out: data and file storage, "computer to device" (task 6). */
const OMITTED = { subscale: 2, task: 1 };

interface Task { key: string; label: Localized; linkId: string }

/** The tasks of a form, numbered `mdpq-1..n` in published order, with their subscale. */
function tasksOf(include: (subscale: number, task: number) => boolean): Task[] {
  const tasks = SUBSCALES.flatMap(({ key, tasks: labels }, s) => labels.flatMap((label, i) => (include(s, i) ? [{ key, label }] : [])));
  return tasks.map((task, n) => ({ ...task, linkId: `mdpq-${n + 1}` }));
}

/** Subscale = mean of its tasks (null if one is missing); total = sum of the 8 subscale means. */
function scorer(tasks: readonly Task[]) {
  return (answers: Answers) => {
    const means = Object.fromEntries(
      SUBSCALES.map(({ key }) => {
        const values = tasks.filter((task) => task.key === key).map((task) => numberAt(answers, task.linkId));
        return [key, values.some((v) => v === undefined) ? null : (values as number[]).reduce((a, b) => a + b, 0) / values.length];
      }),
    );
    const values = Object.values(means);
    const total = values.some((v) => v === null) ? null : (values as number[]).reduce((x, y) => x + y, 0);
    return { total, band: null, subscales: means };
  };
}

const itemsOf = (tasks: readonly Task[]): ItemDef[] => tasks.map(({ key, label, linkId }) => choice(linkId, label, ease, { group: key }));
const groups = SUBSCALES.map(({ key, title }): GroupDef => ({ key, title }));

const TASKS = tasksOf((s, i) => s !== OMITTED.subscale || i !== OMITTED.task);
const TASKS_16 = tasksOf(() => true);

export const mdpq: InstrumentDef = {
  id: 'mdpq',
  version: '2.0.0',
  title: t('Mobile Device Proficiency Questionnaire (MDPQ)', 'Questionario sulla competenza nell’uso dei dispositivi mobili (MDPQ)', 'Questionário de proficiência em dispositivos móveis (MDPQ)', 'Questionnaire de compétence sur appareil mobile (MDPQ)', 'Cuestionario de competencia en dispositivos móviles (MDPQ)', 'Ερωτηματολόγιο δεξιότητας σε φορητές συσκευές (MDPQ)', 'Chestionarul de competență în utilizarea dispozitivelor mobile (MDPQ)'),
  description: t(
    'How easily the person performs 15 tasks on a tablet or smartphone, in the 8 areas of the MDPQ-16; each area is the mean of its tasks, total 8 (lowest) to 40 (highest proficiency).',
    'Con quale facilità la persona svolge 15 compiti su tablet o smartphone, nelle 8 aree dell’MDPQ-16; ogni area è la media dei suoi compiti, totale da 8 (minima) a 40 (massima competenza).',
    'Com que facilidade a pessoa realiza 15 tarefas num tablet ou smartphone, nas 8 áreas do MDPQ-16; cada área é a média das suas tarefas, total de 8 (mínima) a 40 (máxima proficiência).',
    'Facilité avec laquelle la personne réalise 15 tâches sur tablette ou smartphone, dans les 8 domaines du MDPQ-16 ; chaque domaine est la moyenne de ses tâches, total de 8 (minimum) à 40 (compétence maximale).',
    'Con qué facilidad la persona realiza 15 tareas en una tableta o un teléfono inteligente, en las 8 áreas del MDPQ-16; cada área es la media de sus tareas, total de 8 (mínima) a 40 (máxima competencia).',
    'Πόσο εύκολα εκτελεί το άτομο 15 εργασίες σε tablet ή smartphone, στους 8 τομείς του MDPQ-16· κάθε τομέας είναι ο μέσος όρος των εργασιών του, σύνολο από 8 (ελάχιστη) έως 40 (μέγιστη δεξιότητα).',
    'Cât de ușor efectuează persoana 15 sarcini pe o tabletă sau un smartphone, în cele 8 domenii ale MDPQ-16; fiecare domeniu este media sarcinilor sale, total de la 8 (minim) la 40 (competență maximă).',
  ),
  range: { min: 8, max: 40 },
  groups,
  items: itemsOf(TASKS),
  bands: [],
  subscales: SUBSCALES.map(({ key }) => ({ key, type: 'decimal' })),
  score: scorer(TASKS),
};

/** The MDPQ-16 (1.x), kept to read, score and edit the responses recorded with it. */
export const mdpq16: InstrumentDef = {
  ...mdpq,
  version: '1.0.0',
  title: t('Mobile Device Proficiency Questionnaire (MDPQ-16)', 'Questionario sulla competenza nell’uso dei dispositivi mobili (MDPQ-16)', 'Questionário de proficiência em dispositivos móveis (MDPQ-16)', 'Questionnaire de compétence sur appareil mobile (MDPQ-16)', 'Cuestionario de competencia en dispositivos móviles (MDPQ-16)', 'Ερωτηματολόγιο δεξιότητας σε φορητές συσκευές (MDPQ-16)', 'Chestionarul de competență în utilizarea dispozitivelor mobile (MDPQ-16)'),
  description: t(
    'How easily the person performs 16 tasks on a tablet or smartphone; 8 areas of 2 tasks, total 8 (lowest) to 40 (highest proficiency).',
    'Con quale facilità la persona svolge 16 compiti su tablet o smartphone; 8 aree di 2 compiti, totale da 8 (minima) a 40 (massima competenza).',
    'Com que facilidade a pessoa realiza 16 tarefas num tablet ou smartphone; 8 áreas de 2 tarefas, total de 8 (mínima) a 40 (máxima proficiência).',
    'Facilité avec laquelle la personne réalise 16 tâches sur tablette ou smartphone ; 8 domaines de 2 tâches, total de 8 (minimum) à 40 (compétence maximale).',
    'Con qué facilidad la persona realiza 16 tareas en una tableta o un teléfono inteligente; 8 áreas de 2 tareas, total de 8 (mínima) a 40 (máxima competencia).',
    'Πόσο εύκολα εκτελεί το άτομο 16 εργασίες σε tablet ή smartphone· 8 τομείς των 2 εργασιών, σύνολο από 8 (ελάχιστη) έως 40 (μέγιστη δεξιότητα).',
    'Cât de ușor efectuează persoana 16 sarcini pe o tabletă sau un smartphone; 8 domenii a câte 2 sarcini, total de la 8 (minim) la 40 (competență maximă).',
  ),
  items: itemsOf(TASKS_16),
  score: scorer(TASKS_16),
};
