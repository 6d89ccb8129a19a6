import { bandOrNull } from './bands.ts';
import { band, choice, choiceItems, options, t } from './define.ts';
import { itemIds, numberAt, sumOf } from './scoring.ts';
import type { InstrumentDef } from './types.ts';

/** PHQ-9 (Kroenke 2001): 9 items 0–3 over the last 2 weeks, item 10 (functional difficulty) unscored. */
const frequency = options(
  [0, t('Not at all', 'Per niente', 'Nunca', 'Jamais', 'Ningún día', 'Καθόλου', 'Deloc')],
  [1, t('Several days', 'Alcuni giorni', 'Vários dias', 'Plusieurs jours', 'Varios días', 'Αρκετές μέρες', 'Câteva zile')],
  [2, t('More than half the days', 'Più della metà dei giorni', 'Mais de metade dos dias', 'Plus de la moitié des jours', 'Más de la mitad de los días', 'Περισσότερες από τις μισές μέρες', 'Mai mult de jumătate din zile')],
  [3, t('Nearly every day', 'Quasi ogni giorno', 'Quase todos os dias', 'Presque tous les jours', 'Casi todos los días', 'Σχεδόν κάθε μέρα', 'Aproape în fiecare zi')],
);

const difficulty = options(
  [0, t('Not difficult at all', 'Per niente difficile', 'Nada difícil', 'Pas du tout difficile', 'Nada difícil', 'Καθόλου δύσκολη', 'Deloc dificil')],
  [1, t('Somewhat difficult', 'Abbastanza difficile', 'Algo difícil', 'Assez difficile', 'Algo difícil', 'Κάπως δύσκολη', 'Oarecum dificil')],
  [2, t('Very difficult', 'Molto difficile', 'Muito difícil', 'Très difficile', 'Muy difícil', 'Πολύ δύσκολη', 'Foarte dificil')],
  [3, t('Extremely difficult', 'Estremamente difficile', 'Extremamente difícil', 'Extrêmement difficile', 'Extremadamente difícil', 'Εξαιρετικά δύσκολη', 'Extrem de dificil')],
);

const symptoms = [
  t('Little interest or pleasure in doing things', 'Scarso interesse o piacere nel fare le cose', 'Pouco interesse ou prazer em fazer as coisas', 'Peu d’intérêt ou de plaisir à faire les choses', 'Poco interés o placer en hacer cosas', 'Λίγο ενδιαφέρον ή ευχαρίστηση για δραστηριότητες', 'Puțin interes sau plăcere în a face lucruri'),
  t('Feeling down, depressed or hopeless', 'Sentirsi giù, depresso/a o senza speranza', 'Sentir-se em baixo, deprimido/a ou sem esperança', 'Se sentir triste, déprimé(e) ou désespéré(e)', 'Sentirse decaído/a, deprimido/a o sin esperanza', 'Πεσμένη διάθεση, κατάθλιψη ή απελπισία', 'Stare de tristețe, deprimare sau lipsă de speranță'),
  t('Trouble sleeping, or sleeping too much', 'Difficoltà a dormire, o dormire troppo', 'Dificuldade em dormir, ou dormir demasiado', 'Difficultés à dormir, ou dormir trop', 'Dificultad para dormir, o dormir demasiado', 'Δυσκολία στον ύπνο ή υπερβολικός ύπνος', 'Dificultăți de somn sau somn prea mult'),
  t('Feeling tired or having little energy', 'Sentirsi stanco/a o con poca energia', 'Sentir-se cansado/a ou com pouca energia', 'Se sentir fatigué(e) ou manquer d’énergie', 'Sentirse cansado/a o con poca energía', 'Κούραση ή έλλειψη ενέργειας', 'Oboseală sau lipsă de energie'),
  t('Poor appetite or overeating', 'Scarso appetito o mangiare troppo', 'Falta de apetite ou comer em excesso', 'Peu d’appétit ou manger trop', 'Poco apetito o comer en exceso', 'Μειωμένη όρεξη ή υπερφαγία', 'Poftă de mâncare scăzută sau mâncat în exces'),
  t('Feeling bad about yourself (a failure, letting others down)', 'Avere una cattiva opinione di sé (sentirsi un fallimento, aver deluso gli altri)', 'Sentir-se mal consigo mesmo/a (um fracasso, ter desiludido os outros)', 'Avoir une mauvaise opinion de soi (sentiment d’échec, d’avoir déçu les autres)', 'Sentirse mal consigo mismo/a (un fracaso, haber defraudado a los demás)', 'Αρνητική εικόνα για τον εαυτό (αίσθημα αποτυχίας ή ότι απογοητεύσατε άλλους)', 'Părere proastă despre sine (sentiment de eșec, de a-i fi dezamăgit pe ceilalți)'),
  t('Trouble concentrating', 'Difficoltà di concentrazione', 'Dificuldade de concentração', 'Difficultés de concentration', 'Dificultad para concentrarse', 'Δυσκολία συγκέντρωσης', 'Dificultăți de concentrare'),
  t('Moving or speaking slowly, or being restless', 'Muoversi o parlare lentamente, oppure essere irrequieto/a', 'Mover-se ou falar lentamente, ou estar agitado/a', 'Bouger ou parler lentement, ou être agité(e)', 'Moverse o hablar despacio, o estar inquieto/a', 'Βραδύτητα στις κινήσεις ή στην ομιλία, ή ανησυχία', 'Mișcări sau vorbire lentă, ori neliniște'),
  t('Thoughts of being better off dead or of hurting yourself', 'Pensare che sarebbe meglio essere morto/a o di farsi del male', 'Pensar que estaria melhor morto/a ou em fazer mal a si mesmo/a', 'Penser qu’il vaudrait mieux mourir ou envisager de se faire du mal', 'Pensar que estaría mejor muerto/a o en hacerse daño', 'Σκέψεις ότι θα ήταν καλύτερα να είστε νεκρός/ή ή ότι θα βλάπτατε τον εαυτό σας', 'Gânduri că ar fi mai bine să fie mort/moartă sau de autovătămare'),
];

const scored = itemIds('phq9', 9);
const BANDS = [[4, 'minimal'], [9, 'mild'], [14, 'moderate'], [19, 'moderately-severe'], [Infinity, 'severe']] as const;

export const phq9: InstrumentDef = {
  id: 'phq9',
  version: '1.0.0',
  title: t('Patient Health Questionnaire (PHQ-9)', 'Questionario sulla salute del paziente (PHQ-9)', 'Questionário de Saúde do Doente (PHQ-9)', 'Questionnaire sur la santé du patient (PHQ-9)', 'Cuestionario de salud del paciente (PHQ-9)', 'Ερωτηματολόγιο υγείας ασθενούς (PHQ-9)', 'Chestionarul sănătății pacientului (PHQ-9)'),
  description: t(
    'How often depressive symptoms bothered the patient over the last 2 weeks; 0 to 27.',
    'Quanto spesso i sintomi depressivi hanno disturbato il paziente nelle ultime 2 settimane; da 0 a 27.',
    'Com que frequência os sintomas depressivos incomodaram o doente nas últimas 2 semanas; de 0 a 27.',
    'Fréquence des symptômes dépressifs au cours des 2 dernières semaines ; de 0 à 27.',
    'Con qué frecuencia los síntomas depresivos han molestado al paciente en las últimas 2 semanas; de 0 a 27.',
    'Πόσο συχνά ενόχλησαν τον ασθενή καταθλιπτικά συμπτώματα τις τελευταίες 2 εβδομάδες· από 0 έως 27.',
    'Cât de des l-au deranjat pe pacient simptomele depresive în ultimele 2 săptămâni; de la 0 la 27.',
  ),
  range: { min: 0, max: 27 },
  items: [
    ...choiceItems('phq9', symptoms, frequency),
    choice(
      'phq9-10',
      t('How difficult these problems made work, home life or getting along with others', 'Quanto questi problemi hanno reso difficili il lavoro, la vita a casa o i rapporti con gli altri', 'Quão difíceis estes problemas tornaram o trabalho, a vida em casa ou a relação com os outros', 'À quel point ces problèmes ont rendu difficiles le travail, la vie à la maison ou les relations avec les autres', 'Cuánta dificultad han causado estos problemas en el trabajo, en casa o en la relación con los demás', 'Πόσο δύσκολη έκαναν αυτά τα προβλήματα τη δουλειά, τη ζωή στο σπίτι ή τις σχέσεις με τους άλλους', 'Cât de dificile au făcut aceste probleme munca, viața acasă sau relațiile cu ceilalți'),
      difficulty,
      { scored: false, optional: true },
    ),
  ],
  bands: [
    band('minimal', t('Minimal', 'Minima', 'Mínima', 'Minimale', 'Mínima', 'Ελάχιστη', 'Minimă'), t('Score 0–4: minimal or no depressive symptoms.', 'Punteggio 0–4: sintomi depressivi minimi o assenti.', 'Pontuação 0–4: sintomas depressivos mínimos ou ausentes.', 'Score 0–4 : symptômes dépressifs minimes ou absents.', 'Puntuación 0–4: síntomas depresivos mínimos o ausentes.', 'Βαθμολογία 0–4: ελάχιστα ή καθόλου καταθλιπτικά συμπτώματα.', 'Scor 0–4: simptome depresive minime sau absente.')),
    band('mild', t('Mild', 'Lieve', 'Ligeira', 'Légère', 'Leve', 'Ήπια', 'Ușoară'), t('Score 5–9: mild symptoms; watch and repeat at follow-up.', 'Punteggio 5–9: sintomi lievi; osservare e ripetere al controllo.', 'Pontuação 5–9: sintomas ligeiros; vigiar e repetir no seguimento.', 'Score 5–9 : symptômes légers ; surveiller et répéter au suivi.', 'Puntuación 5–9: síntomas leves; vigilar y repetir en el seguimiento.', 'Βαθμολογία 5–9: ήπια συμπτώματα· παρακολούθηση και επανάληψη στον επανέλεγχο.', 'Scor 5–9: simptome ușoare; urmărire și repetare la control.')),
    band('moderate', t('Moderate', 'Moderata', 'Moderada', 'Modérée', 'Moderada', 'Μέτρια', 'Moderată'), t('Score 10–14: at or above the cut-off for major depression; consider treatment.', 'Punteggio 10–14: pari o sopra la soglia per depressione maggiore; valutare un trattamento.', 'Pontuação 10–14: igual ou acima do limiar de depressão major; considerar tratamento.', 'Score 10–14 : au seuil de la dépression majeure ou au-dessus ; envisager un traitement.', 'Puntuación 10–14: en el umbral de depresión mayor o por encima; considerar tratamiento.', 'Βαθμολογία 10–14: στο όριο ή πάνω από το όριο μείζονος κατάθλιψης· εξετάστε θεραπεία.', 'Scor 10–14: la sau peste pragul pentru depresie majoră; luați în considerare tratamentul.'), true),
    band('moderately-severe', t('Moderately severe', 'Moderatamente grave', 'Moderadamente grave', 'Modérément sévère', 'Moderadamente grave', 'Μέτρια προς σοβαρή', 'Moderat severă'), t('Score 15–19: active treatment is warranted.', 'Punteggio 15–19: è indicato un trattamento attivo.', 'Pontuação 15–19: justifica-se tratamento ativo.', 'Score 15–19 : un traitement actif est justifié.', 'Puntuación 15–19: está indicado un tratamiento activo.', 'Βαθμολογία 15–19: ενδείκνυται ενεργή θεραπεία.', 'Scor 15–19: este justificat un tratament activ.'), true),
    band('severe', t('Severe', 'Grave', 'Grave', 'Sévère', 'Grave', 'Σοβαρή', 'Severă'), t('Score 20–27: prompt treatment and specialist referral.', 'Punteggio 20–27: trattamento tempestivo e invio allo specialista.', 'Pontuação 20–27: tratamento imediato e referenciação para especialista.', 'Score 20–27 : traitement rapide et orientation vers un spécialiste.', 'Puntuación 20–27: tratamiento inmediato y derivación al especialista.', 'Βαθμολογία 20–27: άμεση θεραπεία και παραπομπή σε ειδικό.', 'Scor 20–27: tratament prompt și trimitere la specialist.'), true),
  ],
  subscales: [{ key: 'item9Alert', type: 'integer' }],
  score(answers) {
    const total = sumOf(answers, scored);
    const item9 = numberAt(answers, 'phq9-9');
    // Any thought of death or self-harm needs attention whatever the total, even when the total is not scorable.
    const item9Alert = item9 === undefined ? null : item9 > 0 ? 1 : 0;
    return { total, band: bandOrNull(total, BANDS), subscales: { item9Alert } };
  },
};
