import { choice, options, t, yesNo } from './define.ts';
import { numberAt } from './scoring.ts';
import type { AnswerOption, Answers, InstrumentDef, ItemDef, Localized, ScoreResult } from './types.ts';

/**
 * Glasgow Hearing Aid Benefit Profile (Gatehouse 1999): four listening situations of six questions on
 * 1–5 scales, each situation gated by an unscored "does this happen in your life?" question. Each
 * response becomes (r − 1) × 25 (0–100) and each of the six scales is the mean over the situations
 * that apply in which it was answered; null if none (e.g. use … satisfaction for non-users).
 * Answers left in a situation marked as not applying are ignored.
 *
 * `total` (SPEC §3's derived "total"): the profile publishes no single score beside its six scales,
 * so the total is the GHABP's derived benefit (Gatehouse 1999, J Am Acad Audiol 10:80–103): in each
 * situation that applies, initial disability minus residual disability, (q1 − q5) × 25, averaged
 * over the situations where both were answered; −100 … 100, higher = the aid removes more of the
 * difficulty, 0 = no change. Null without a situation with both answers (e.g. no hearing aid).
 * Version 1.1.0 added it; responses of 1.0.0 have the same items and get it when read.
 */
const SITUATIONS: { title: Localized; applies: Localized }[] = [
  {
    title: t('Television', 'Televisione', 'Televisão', 'Télévision', 'Televisión', 'Τηλεόραση', 'Televizor'),
    applies: t(
      'Listening to the television with family or friends, with the volume set to suit them: does this happen in your life?',
      'Ascoltare la televisione con familiari o amici, con il volume regolato per loro: le capita nella sua vita?',
      'Ouvir televisão com familiares ou amigos, com o volume ajustado para eles: isto acontece na sua vida?',
      'Écouter la télévision avec la famille ou des amis, le volume réglé pour eux : cela vous arrive-t-il ?',
      'Escuchar la televisión con familiares o amigos, con el volumen ajustado para ellos: ¿le ocurre en su vida?',
      'Παρακολούθηση τηλεόρασης με οικογένεια ή φίλους, με την ένταση ρυθμισμένη για εκείνους: συμβαίνει αυτό στη ζωή σας;',
      'Ascultarea televizorului cu familia sau prietenii, cu volumul potrivit pentru ei: vi se întâmplă acest lucru?',
    ),
  },
  {
    // SPEC §2 titles this step "Background noise": it is the conversation with one person without background noise.
    title: t('Background noise', 'Rumore di fondo', 'Ruído de fundo', 'Bruit de fond', 'Ruido de fondo', 'Θόρυβος περιβάλλοντος', 'Zgomot de fond'),
    applies: t(
      'Having a conversation with one other person when there is no background noise: does this happen in your life?',
      'Conversare con un’altra persona senza rumore di fondo: le capita nella sua vita?',
      'Conversar com outra pessoa sem ruído de fundo: isto acontece na sua vida?',
      'Converser avec une autre personne sans bruit de fond : cela vous arrive-t-il ?',
      'Conversar con otra persona sin ruido de fondo: ¿le ocurre en su vida?',
      'Συζήτηση με ένα άλλο άτομο χωρίς θόρυβο στο περιβάλλον: συμβαίνει αυτό στη ζωή σας;',
      'Conversația cu o altă persoană, fără zgomot de fond: vi se întâmplă acest lucru?',
    ),
  },
  {
    title: t('Busy street', 'Strada trafficata', 'Rua movimentada', 'Rue animée', 'Calle concurrida', 'Πολυσύχναστος δρόμος', 'Stradă aglomerată'),
    applies: t(
      'Having a conversation on a busy street or in a shop: does this happen in your life?',
      'Conversare in una strada trafficata o in un negozio: le capita nella sua vita?',
      'Conversar numa rua movimentada ou numa loja: isto acontece na sua vida?',
      'Converser dans une rue animée ou dans un magasin : cela vous arrive-t-il ?',
      'Conversar en una calle concurrida o en una tienda: ¿le ocurre en su vida?',
      'Συζήτηση σε πολυσύχναστο δρόμο ή σε κατάστημα: συμβαίνει αυτό στη ζωή σας;',
      'Conversația pe o stradă aglomerată sau într-un magazin: vi se întâmplă acest lucru?',
    ),
  },
  {
    title: t('Several people', 'Più persone', 'Várias pessoas', 'Plusieurs personnes', 'Varias personas', 'Πολλά άτομα', 'Mai multe persoane'),
    applies: t(
      'Having a conversation with several people in a group: does this happen in your life?',
      'Conversare con più persone in gruppo: le capita nella sua vita?',
      'Conversar com várias pessoas em grupo: isto acontece na sua vida?',
      'Converser avec plusieurs personnes en groupe : cela vous arrive-t-il ?',
      'Conversar con varias personas en grupo: ¿le ocurre en su vida?',
      'Συζήτηση με πολλά άτομα σε ομάδα: συμβαίνει αυτό στη ζωή σας;',
      'Conversația cu mai multe persoane în grup: vi se întâmplă acest lucru?',
    ),
  },
];

const difficulty = options(
  [1, t('No difficulty', 'Nessuna difficoltà', 'Nenhuma dificuldade', 'Aucune difficulté', 'Ninguna dificultad', 'Καμία δυσκολία', 'Nicio dificultate')],
  [2, t('Only slight difficulty', 'Solo lieve difficoltà', 'Apenas ligeira dificuldade', 'Seulement une légère difficulté', 'Solo ligera dificultad', 'Μόνο λίγη δυσκολία', 'Doar o ușoară dificultate')],
  [3, t('Moderate difficulty', 'Difficoltà moderata', 'Dificuldade moderada', 'Difficulté modérée', 'Dificultad moderada', 'Μέτρια δυσκολία', 'Dificultate moderată')],
  [4, t('Great difficulty', 'Grande difficoltà', 'Grande dificuldade', 'Grande difficulté', 'Gran dificultad', 'Μεγάλη δυσκολία', 'Dificultate mare')],
  [5, t('Cannot manage at all', 'Non ci riesco affatto', 'Não consigo de todo', 'Je n’y arrive pas du tout', 'No lo consigo en absoluto', 'Δεν τα καταφέρνω καθόλου', 'Nu mă descurc deloc')],
);

const notForNonUsers = t('Leave blank if you do not use a hearing aid.', 'Lasciare vuoto se non usa un apparecchio acustico.', 'Deixe em branco se não usa prótese auditiva.', 'Laissez vide si vous n’utilisez pas d’aide auditive.', 'Déjelo en blanco si no usa audífono.', 'Αφήστε το κενό αν δεν χρησιμοποιείτε ακουστικό βαρηκοΐας.', 'Lăsați necompletat dacă nu folosiți proteză auditivă.');

/** The six questions asked in every situation, with their scale key (catalogue §21). */
const QUESTIONS: { key: string; text: Localized; scale: AnswerOption[]; aidUsers: boolean }[] = [
  {
    key: 'initialDisability',
    text: t('Without a hearing aid, how much difficulty do you have in this situation?', 'Senza apparecchio acustico, quanta difficoltà ha in questa situazione?', 'Sem prótese auditiva, quanta dificuldade tem nesta situação?', 'Sans aide auditive, quelle difficulté avez-vous dans cette situation ?', 'Sin audífono, ¿cuánta dificultad tiene en esta situación?', 'Χωρίς ακουστικό βαρηκοΐας, πόση δυσκολία έχετε σε αυτή την κατάσταση;', 'Fără proteză auditivă, câtă dificultate aveți în această situație?'),
    scale: difficulty,
    aidUsers: false,
  },
  {
    key: 'handicap',
    text: t('How much does any difficulty in this situation worry, annoy or upset you?', 'Quanto la preoccupa, la infastidisce o la turba la difficoltà in questa situazione?', 'Quanto é que a dificuldade nesta situação o/a preocupa, incomoda ou perturba?', 'À quel point la difficulté dans cette situation vous inquiète, vous agace ou vous contrarie-t-elle ?', '¿Cuánto le preocupa, molesta o disgusta la dificultad en esta situación?', 'Πόσο σας ανησυχεί, σας ενοχλεί ή σας αναστατώνει η δυσκολία σε αυτή την κατάσταση;', 'Cât de mult vă îngrijorează, vă deranjează sau vă supără dificultatea din această situație?'),
    scale: options(
      [1, t('Not at all', 'Per niente', 'Nada', 'Pas du tout', 'Nada', 'Καθόλου', 'Deloc')],
      [2, t('Only a little', 'Solo un poco', 'Só um pouco', 'Seulement un peu', 'Solo un poco', 'Μόνο λίγο', 'Doar puțin')],
      [3, t('A moderate amount', 'Moderatamente', 'Moderadamente', 'Moyennement', 'Moderadamente', 'Μέτρια', 'Moderat')],
      [4, t('Quite a lot', 'Parecchio', 'Bastante', 'Beaucoup', 'Bastante', 'Αρκετά', 'Destul de mult')],
      [5, t('Very much indeed', 'Moltissimo', 'Muitíssimo', 'Énormément', 'Muchísimo', 'Πάρα πολύ', 'Foarte mult')],
    ),
    aidUsers: false,
  },
  {
    key: 'use',
    text: t('In this situation, what proportion of the time do you wear your hearing aid?', 'In questa situazione, per quanta parte del tempo indossa l’apparecchio acustico?', 'Nesta situação, durante quanto tempo usa a prótese auditiva?', 'Dans cette situation, pendant quelle part du temps portez-vous votre aide auditive ?', 'En esta situación, ¿durante qué parte del tiempo lleva puesto el audífono?', 'Σε αυτή την κατάσταση, για πόσο μέρος του χρόνου φοράτε το ακουστικό σας;', 'În această situație, cât din timp purtați proteza auditivă?'),
    // SPEC §3's use options (1/4, 1/2, 3/4, all the time) are points 2–5 of this scale, 1 being "never".
    scale: options(
      [1, t('Never', 'Mai', 'Nunca', 'Jamais', 'Nunca', 'Ποτέ', 'Niciodată')],
      [2, t('About 1/4 of the time', 'Circa 1/4 del tempo', 'Cerca de 1/4 do tempo', 'Environ 1/4 du temps', 'Alrededor de 1/4 del tiempo', 'Περίπου το 1/4 του χρόνου', 'Aproximativ 1/4 din timp')],
      [3, t('About 1/2 of the time', 'Circa 1/2 del tempo', 'Cerca de 1/2 do tempo', 'Environ 1/2 du temps', 'Alrededor de 1/2 del tiempo', 'Περίπου το 1/2 του χρόνου', 'Aproximativ 1/2 din timp')],
      [4, t('About 3/4 of the time', 'Circa 3/4 del tempo', 'Cerca de 3/4 do tempo', 'Environ 3/4 du temps', 'Alrededor de 3/4 del tiempo', 'Περίπου τα 3/4 του χρόνου', 'Aproximativ 3/4 din timp')],
      [5, t('All the time', 'Sempre', 'Sempre', 'Tout le temps', 'Todo el tiempo', 'Όλη την ώρα', 'Tot timpul')],
    ),
    aidUsers: true,
  },
  {
    key: 'benefit',
    text: t('In this situation, how much does your hearing aid help you?', 'In questa situazione, quanto la aiuta l’apparecchio acustico?', 'Nesta situação, quanto é que a prótese auditiva o/a ajuda?', 'Dans cette situation, à quel point votre aide auditive vous aide-t-elle ?', 'En esta situación, ¿cuánto le ayuda el audífono?', 'Σε αυτή την κατάσταση, πόσο σας βοηθά το ακουστικό σας;', 'În această situație, cât de mult vă ajută proteza auditivă?'),
    scale: options(
      [1, t('No use at all', 'Per niente utile', 'Nada útil', 'Aucune utilité', 'Nada útil', 'Καθόλου χρήσιμο', 'Deloc util')],
      [2, t('Slightly helpful', 'Poco utile', 'Pouco útil', 'Un peu utile', 'Poco útil', 'Λίγο χρήσιμο', 'Puțin util')],
      [3, t('Moderately helpful', 'Moderatamente utile', 'Moderadamente útil', 'Moyennement utile', 'Moderadamente útil', 'Μέτρια χρήσιμο', 'Moderat util')],
      [4, t('Very helpful', 'Molto utile', 'Muito útil', 'Très utile', 'Muy útil', 'Πολύ χρήσιμο', 'Foarte util')],
      [5, t('Hearing is perfect with the aid', 'Con l’apparecchio sento perfettamente', 'Com a prótese ouço perfeitamente', 'J’entends parfaitement avec l’aide auditive', 'Con el audífono oigo perfectamente', 'Με το ακουστικό ακούω τέλεια', 'Cu proteza aud perfect')],
    ),
    aidUsers: true,
  },
  {
    key: 'residualDisability',
    text: t('With your hearing aid, how much difficulty do you have in this situation?', 'Con l’apparecchio acustico, quanta difficoltà ha in questa situazione?', 'Com a prótese auditiva, quanta dificuldade tem nesta situação?', 'Avec votre aide auditive, quelle difficulté avez-vous dans cette situation ?', 'Con el audífono, ¿cuánta dificultad tiene en esta situación?', 'Με το ακουστικό σας, πόση δυσκολία έχετε σε αυτή την κατάσταση;', 'Cu proteza auditivă, câtă dificultate aveți în această situație?'),
    scale: difficulty,
    aidUsers: true,
  },
  {
    key: 'satisfaction',
    text: t('In this situation, how satisfied are you with your hearing aid?', 'In questa situazione, quanto è soddisfatto/a dell’apparecchio acustico?', 'Nesta situação, quão satisfeito/a está com a prótese auditiva?', 'Dans cette situation, dans quelle mesure êtes-vous satisfait(e) de votre aide auditive ?', 'En esta situación, ¿qué tan satisfecho/a está con el audífono?', 'Σε αυτή την κατάσταση, πόσο ικανοποιημένος/η είστε με το ακουστικό σας;', 'În această situație, cât de mulțumit(ă) sunteți de proteza auditivă?'),
    scale: options(
      [1, t('Not satisfied at all', 'Per niente soddisfatto/a', 'Nada satisfeito/a', 'Pas du tout satisfait(e)', 'Nada satisfecho/a', 'Καθόλου ικανοποιημένος/η', 'Deloc mulțumit(ă)')],
      [2, t('Slightly satisfied', 'Poco soddisfatto/a', 'Pouco satisfeito/a', 'Un peu satisfait(e)', 'Poco satisfecho/a', 'Λίγο ικανοποιημένος/η', 'Puțin mulțumit(ă)')],
      [3, t('Moderately satisfied', 'Abbastanza soddisfatto/a', 'Moderadamente satisfeito/a', 'Moyennement satisfait(e)', 'Moderadamente satisfecho/a', 'Μέτρια ικανοποιημένος/η', 'Moderat mulțumit(ă)')],
      [4, t('Very satisfied', 'Molto soddisfatto/a', 'Muito satisfeito/a', 'Très satisfait(e)', 'Muy satisfecho/a', 'Πολύ ικανοποιημένος/η', 'Foarte mulțumit(ă)')],
      [5, t('Delighted with the aid', 'Entusiasta dell’apparecchio', 'Encantado/a com a prótese', 'Ravi(e) de mon aide auditive', 'Encantado/a con el audífono', 'Ενθουσιασμένος/η με το ακουστικό', 'Încântat(ă) de proteză')],
    ),
    aidUsers: true,
  },
];

const INITIAL = QUESTIONS.findIndex((q) => q.key === 'initialDisability');
const RESIDUAL = QUESTIONS.findIndex((q) => q.key === 'residualDisability');

const situationKey = (s: number) => `ghabp-s${s + 1}`;
const appliesId = (s: number) => `${situationKey(s)}-applies`;
const questionId = (s: number, q: number) => `${situationKey(s)}-q${q + 1}`;

// Every question is optional: a situation that does not apply is left unanswered, and
// questions 3–6 stay empty for people without a hearing aid.
const items: ItemDef[] = SITUATIONS.flatMap((_, s) => [
  yesNo(appliesId(s), SITUATIONS[s].applies, { group: situationKey(s), scored: false }),
  ...QUESTIONS.map(({ text, scale, aidUsers }, q) =>
    choice(questionId(s, q), text, scale, { group: situationKey(s), optional: true, ...(aidUsers ? { help: notForNonUsers } : {}) }),
  ),
]);

function score(answers: Answers): ScoreResult {
  const applying = SITUATIONS.map((_, s) => s).filter((s) => answers[appliesId(s)] !== false);
  const subscales = Object.fromEntries(
    QUESTIONS.map(({ key }, q) => {
      const points = applying
        .map((s) => numberAt(answers, questionId(s, q)))
        .filter((r): r is number => r !== undefined)
        .map((r) => (r - 1) * 25);
      return [key, points.length === 0 ? null : points.reduce((a, b) => a + b, 0) / points.length];
    }),
  );
  const benefits = applying.flatMap((s) => {
    const initial = numberAt(answers, questionId(s, INITIAL));
    const residual = numberAt(answers, questionId(s, RESIDUAL));
    return initial === undefined || residual === undefined ? [] : [(initial - residual) * 25];
  });
  const total = benefits.length === 0 ? null : benefits.reduce((a, b) => a + b, 0) / benefits.length;
  return { total, band: null, subscales };
}

export const ghabp: InstrumentDef = {
  id: 'ghabp',
  version: '1.1.0',
  title: t('Glasgow Hearing Aid Benefit Profile (GHABP)', 'Profilo di beneficio dell’apparecchio acustico di Glasgow (GHABP)', 'Perfil de benefício da prótese auditiva de Glasgow (GHABP)', 'Profil de bénéfice de l’aide auditive de Glasgow (GHABP)', 'Perfil de beneficio del audífono de Glasgow (GHABP)', 'Προφίλ οφέλους ακουστικού βαρηκοΐας της Γλασκώβης (GHABP)', 'Profilul de beneficiu al protezei auditive Glasgow (GHABP)'),
  description: t(
    'Hearing difficulty, handicap and hearing-aid use, benefit, residual difficulty and satisfaction in four everyday situations; each scale 0–100, averaged over the situations that apply. Total: the derived benefit, initial minus residual difficulty (−100 to 100).',
    'Difficoltà uditiva, disagio e uso, beneficio, difficoltà residua e soddisfazione per l’apparecchio acustico in quattro situazioni quotidiane; ogni scala 0–100, media sulle situazioni pertinenti. Totale: il beneficio derivato, difficoltà iniziale meno difficoltà residua (da −100 a 100).',
    'Dificuldade auditiva, incapacidade e uso, benefício, dificuldade residual e satisfação com a prótese auditiva em quatro situações do dia a dia; cada escala 0–100, média das situações aplicáveis. Total: o benefício derivado, dificuldade inicial menos dificuldade residual (de −100 a 100).',
    'Difficulté auditive, handicap et utilisation, bénéfice, difficulté résiduelle et satisfaction de l’aide auditive dans quatre situations quotidiennes ; chaque échelle 0–100, moyenne des situations vécues. Total : le bénéfice dérivé, difficulté initiale moins difficulté résiduelle (de −100 à 100).',
    'Dificultad auditiva, discapacidad y uso, beneficio, dificultad residual y satisfacción con el audífono en cuatro situaciones cotidianas; cada escala 0–100, media de las situaciones aplicables. Total: el beneficio derivado, dificultad inicial menos dificultad residual (de −100 a 100).',
    'Δυσκολία ακοής, επιβάρυνση και χρήση, όφελος, υπολειπόμενη δυσκολία και ικανοποίηση από το ακουστικό σε τέσσερις καθημερινές καταστάσεις· κάθε κλίμακα 0–100, μέσος όρος των καταστάσεων που ισχύουν. Σύνολο: το παράγωγο όφελος, αρχική μείον υπολειπόμενη δυσκολία (−100 έως 100).',
    'Dificultatea de auz, handicapul și utilizarea, beneficiul, dificultatea reziduală și satisfacția față de proteza auditivă în patru situații zilnice; fiecare scală 0–100, media situațiilor aplicabile. Total: beneficiul derivat, dificultatea inițială minus dificultatea reziduală (de la −100 la 100).',
  ),
  range: { min: -100, max: 100 },
  totalLabel: t('Derived benefit (initial minus residual difficulty)', 'Beneficio derivato (difficoltà iniziale meno residua)', 'Benefício derivado (dificuldade inicial menos residual)', 'Bénéfice dérivé (difficulté initiale moins résiduelle)', 'Beneficio derivado (dificultad inicial menos residual)', 'Παράγωγο όφελος (αρχική μείον υπολειπόμενη δυσκολία)', 'Beneficiu derivat (dificultatea inițială minus cea reziduală)'),
  groups: SITUATIONS.map(({ title }, s) => ({ key: situationKey(s), title })),
  items,
  bands: [],
  subscales: QUESTIONS.map(({ key }) => ({ key, type: 'decimal' })),
  score,
};
