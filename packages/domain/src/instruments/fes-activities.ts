import { band, options, t } from './define.ts';

/**
 * What FES-I and the short FES-I share: the concern scale, the 16 paraphrased activities
 * (the short form uses items 2, 4, 6, 7, 9, 15, 16), the licence and the band labels.
 */
export const concern = options(
  [1, t('Not at all concerned', 'Per niente preoccupato', 'Nada preocupado', 'Pas du tout inquiet', 'Nada preocupado', 'Καθόλου ανήσυχος', 'Deloc îngrijorat')],
  [2, t('Somewhat concerned', 'Un po’ preoccupato', 'Um pouco preocupado', 'Un peu inquiet', 'Algo preocupado', 'Λίγο ανήσυχος', 'Puțin îngrijorat')],
  [3, t('Fairly concerned', 'Abbastanza preoccupato', 'Bastante preocupado', 'Assez inquiet', 'Bastante preocupado', 'Αρκετά ανήσυχος', 'Destul de îngrijorat')],
  [4, t('Very concerned', 'Molto preoccupato', 'Muito preocupado', 'Très inquiet', 'Muy preocupado', 'Πολύ ανήσυχος', 'Foarte îngrijorat')],
);

export const fesActivities = [
  t('Cleaning the house', 'Pulire la casa', 'Limpar a casa', 'Faire le ménage', 'Limpiar la casa', 'Καθάρισμα του σπιτιού', 'Curățenie în casă'),
  t('Getting dressed or undressed', 'Vestirsi o svestirsi', 'Vestir-se ou despir-se', 'S’habiller ou se déshabiller', 'Vestirse o desvestirse', 'Ντύσιμο ή γδύσιμο', 'Îmbrăcare sau dezbrăcare'),
  t('Preparing simple meals', 'Preparare pasti semplici', 'Preparar refeições simples', 'Préparer des repas simples', 'Preparar comidas sencillas', 'Προετοιμασία απλών γευμάτων', 'Pregătirea unor mese simple'),
  t('Taking a bath or shower', 'Fare il bagno o la doccia', 'Tomar banho ou duche', 'Prendre un bain ou une douche', 'Bañarse o ducharse', 'Μπάνιο ή ντους', 'Baie sau duș'),
  t('Going to the shop', 'Andare a fare la spesa', 'Ir às compras', 'Aller faire les courses', 'Ir a la tienda', 'Μετάβαση στο κατάστημα', 'Mersul la magazin'),
  t('Getting in or out of a chair', 'Sedersi o alzarsi da una sedia', 'Sentar-se ou levantar-se de uma cadeira', 'S’asseoir sur une chaise ou s’en lever', 'Sentarse o levantarse de una silla', 'Κάθισμα ή σήκωμα από καρέκλα', 'Așezarea pe scaun sau ridicarea de pe el'),
  t('Going up or down stairs', 'Salire o scendere le scale', 'Subir ou descer escadas', 'Monter ou descendre des escaliers', 'Subir o bajar escaleras', 'Ανέβασμα ή κατέβασμα σκάλας', 'Urcarea sau coborârea scărilor'),
  t('Walking around the neighbourhood', 'Camminare nel quartiere', 'Andar pelo bairro', 'Se promener dans le quartier', 'Caminar por el barrio', 'Περπάτημα στη γειτονιά', 'Plimbarea prin cartier'),
  t('Reaching up above the head or down to the ground', 'Allungarsi sopra la testa o chinarsi fino a terra', 'Alcançar algo acima da cabeça ou no chão', 'Attraper quelque chose au-dessus de la tête ou au sol', 'Alcanzar algo por encima de la cabeza o del suelo', 'Τέντωμα πάνω από το κεφάλι ή σκύψιμο ως το πάτωμα', 'Întinderea deasupra capului sau aplecarea până la podea'),
  t('Hurrying to answer the telephone', 'Affrettarsi a rispondere al telefono', 'Apressar-se para atender o telefone', 'Se dépêcher pour répondre au téléphone', 'Darse prisa para contestar el teléfono', 'Βιαστικό πήγαιμα για να απαντήσει στο τηλέφωνο', 'Grăbirea pentru a răspunde la telefon'),
  t('Walking on a slippery surface', 'Camminare su una superficie scivolosa', 'Andar numa superfície escorregadia', 'Marcher sur une surface glissante', 'Caminar sobre una superficie resbaladiza', 'Περπάτημα σε ολισθηρή επιφάνεια', 'Mersul pe o suprafață alunecoasă'),
  t('Visiting a friend or relative', 'Fare visita a un amico o a un parente', 'Visitar um amigo ou familiar', 'Rendre visite à un ami ou à un proche', 'Visitar a un amigo o familiar', 'Επίσκεψη σε φίλο ή συγγενή', 'Vizitarea unui prieten sau a unei rude'),
  t('Walking in a crowd', 'Camminare tra la folla', 'Andar no meio de uma multidão', 'Marcher dans la foule', 'Caminar entre una multitud', 'Περπάτημα μέσα σε πλήθος', 'Mersul prin mulțime'),
  t('Walking on an uneven surface', 'Camminare su una superficie irregolare', 'Andar numa superfície irregular', 'Marcher sur une surface irrégulière', 'Caminar sobre una superficie irregular', 'Περπάτημα σε ανώμαλη επιφάνεια', 'Mersul pe o suprafață denivelată'),
  t('Walking up or down a slope', 'Camminare in salita o in discesa', 'Subir ou descer uma rampa', 'Monter ou descendre une pente', 'Subir o bajar una cuesta', 'Περπάτημα σε ανηφόρα ή κατηφόρα', 'Urcarea sau coborârea unei pante'),
  t('Going out to a social event', 'Uscire per un evento sociale', 'Sair para um evento social', 'Sortir pour un événement social', 'Salir a un acto social', 'Έξοδος σε κοινωνική εκδήλωση', 'Participarea la un eveniment social'),
];

export const fesLicence = t(
  'FES-I © ProFaNE / L. Yardley; activities are paraphrased, use the licensed translations for administration.',
  'FES-I © ProFaNE / L. Yardley; attività parafrasate, per la somministrazione usare le traduzioni autorizzate.',
  'FES-I © ProFaNE / L. Yardley; atividades parafraseadas, para a aplicação use as traduções autorizadas.',
  'FES-I © ProFaNE / L. Yardley ; activités reformulées, utiliser les traductions autorisées pour la passation.',
  'FES-I © ProFaNE / L. Yardley; actividades parafraseadas, para la administración use las traducciones autorizadas.',
  'FES-I © ProFaNE / L. Yardley· οι δραστηριότητες είναι παραφρασμένες, για τη χορήγηση χρησιμοποιήστε τις εγκεκριμένες μεταφράσεις.',
  'FES-I © ProFaNE / L. Yardley; activități parafrazate, pentru administrare folosiți traducerile autorizate.',
);

/** Low / moderate / high concern about falling, with the score range each covers. */
export const concernBands = (low: string, moderate: string, high: string) => [
  band('low', t('Low concern', 'Preoccupazione bassa', 'Preocupação baixa', 'Inquiétude faible', 'Preocupación baja', 'Χαμηλή ανησυχία', 'Îngrijorare scăzută'), t(`Score ${low}: low concern about falling.`, `Punteggio ${low}: bassa preoccupazione di cadere.`, `Pontuação ${low}: baixa preocupação com quedas.`, `Score ${low} : faible inquiétude de chuter.`, `Puntuación ${low}: baja preocupación por caerse.`, `Βαθμολογία ${low}: χαμηλή ανησυχία για πτώση.`, `Scor ${low}: îngrijorare scăzută privind căderile.`)),
  band('moderate', t('Moderate concern', 'Preoccupazione moderata', 'Preocupação moderada', 'Inquiétude modérée', 'Preocupación moderada', 'Μέτρια ανησυχία', 'Îngrijorare moderată'), t(`Score ${moderate}: moderate concern about falling.`, `Punteggio ${moderate}: moderata preoccupazione di cadere.`, `Pontuação ${moderate}: preocupação moderada com quedas.`, `Score ${moderate} : inquiétude modérée de chuter.`, `Puntuación ${moderate}: preocupación moderada por caerse.`, `Βαθμολογία ${moderate}: μέτρια ανησυχία για πτώση.`, `Scor ${moderate}: îngrijorare moderată privind căderile.`)),
  band('high', t('High concern', 'Preoccupazione alta', 'Preocupação alta', 'Inquiétude élevée', 'Preocupación alta', 'Υψηλή ανησυχία', 'Îngrijorare ridicată'), t(`Score ${high}: high concern about falling.`, `Punteggio ${high}: alta preoccupazione di cadere.`, `Pontuação ${high}: elevada preocupação com quedas.`, `Score ${high} : forte inquiétude de chuter.`, `Puntuación ${high}: alta preocupación por caerse.`, `Βαθμολογία ${high}: υψηλή ανησυχία για πτώση.`, `Scor ${high}: îngrijorare ridicată privind căderile.`), true),
];
