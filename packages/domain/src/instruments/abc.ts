import { band, integer, t } from './define.ts';
import { itemIds, sumOf } from './scoring.ts';
import type { Answers, InstrumentDef, Localized } from './types.ts';

/**
 * Activities-specific Balance Confidence scale (Powell & Myers 1995): 16 activities rated 0–100 % in
 * steps of 10; total = mean. Fall risk below 67 (Lajoie & Gallagher 2004), decided on the unrounded
 * mean. Myers 1998 functional levels are reported as `subscales.functionalLevel`. No proration.
 */
const FALL_RISK_BELOW = 67;

/** Myers et al. 1998: below 50 low, 50–80 moderate, above 80 high level of physical functioning. */
export const ABC_FUNCTIONAL_LEVELS: Record<'low' | 'moderate' | 'high', Localized> = {
  low: t('Low functioning', 'Funzionalità bassa', 'Funcionalidade baixa', 'Fonctionnement faible', 'Funcionalidad baja', 'Χαμηλή λειτουργικότητα', 'Funcționalitate scăzută'),
  moderate: t('Moderate functioning', 'Funzionalità moderata', 'Funcionalidade moderada', 'Fonctionnement modéré', 'Funcionalidad moderada', 'Μέτρια λειτουργικότητα', 'Funcționalitate moderată'),
  high: t('High functioning', 'Funzionalità elevata', 'Funcionalidade elevada', 'Fonctionnement élevé', 'Funcionalidad alta', 'Υψηλή λειτουργικότητα', 'Funcționalitate ridicată'),
};

const functionalLevel = (mean: number): keyof typeof ABC_FUNCTIONAL_LEVELS => (mean < 50 ? 'low' : mean <= 80 ? 'moderate' : 'high');

const activities = [
  t('Walking around the house', 'Camminare per casa', 'Andar pela casa', 'Marcher dans la maison', 'Caminar por la casa', 'Περπάτημα μέσα στο σπίτι', 'Mersul prin casă'),
  t('Walking up or down stairs', 'Salire o scendere le scale', 'Subir ou descer escadas', 'Monter ou descendre les escaliers', 'Subir o bajar escaleras', 'Ανέβασμα ή κατέβασμα σκάλας', 'Urcatul sau coborâtul scărilor'),
  t('Bending over to pick up a slipper from the floor', 'Chinarsi a raccogliere una pantofola da terra', 'Baixar-se para apanhar um chinelo do chão', 'Se pencher pour ramasser une pantoufle par terre', 'Agacharse para recoger una zapatilla del suelo', 'Σκύψιμο για να σηκώσετε μια παντόφλα από το πάτωμα', 'Aplecarea pentru a ridica un papuc de pe podea'),
  t('Reaching for a small can on a shelf at eye level', 'Prendere un barattolo su uno scaffale all’altezza degli occhi', 'Alcançar uma lata pequena numa prateleira à altura dos olhos', 'Attraper une petite boîte sur une étagère à hauteur des yeux', 'Alcanzar una lata pequeña de un estante a la altura de los ojos', 'Πιάσιμο ενός μικρού κουτιού από ράφι στο ύψος των ματιών', 'Luarea unei cutii mici de pe un raft la nivelul ochilor'),
  t('Standing on tiptoes to reach something above your head', 'Alzarsi in punta di piedi per prendere qualcosa sopra la testa', 'Pôr-se em bicos de pés para alcançar algo acima da cabeça', 'Se mettre sur la pointe des pieds pour attraper un objet au-dessus de la tête', 'Ponerse de puntillas para alcanzar algo por encima de la cabeza', 'Στάση στις μύτες των ποδιών για να φτάσετε κάτι πάνω από το κεφάλι', 'Ridicarea pe vârfuri pentru a ajunge la ceva deasupra capului'),
  t('Standing on a chair to reach something', 'Salire su una sedia per prendere qualcosa', 'Subir para uma cadeira para alcançar algo', 'Monter sur une chaise pour attraper un objet', 'Subirse a una silla para alcanzar algo', 'Ανέβασμα σε καρέκλα για να φτάσετε κάτι', 'Urcarea pe un scaun pentru a ajunge la ceva'),
  t('Sweeping the floor', 'Spazzare il pavimento', 'Varrer o chão', 'Balayer le sol', 'Barrer el suelo', 'Σκούπισμα του πατώματος', 'Măturatul podelei'),
  t('Walking outside to a car parked nearby', 'Camminare fuori casa fino a un’auto parcheggiata vicino', 'Sair de casa e ir até um carro estacionado perto', 'Sortir jusqu’à une voiture garée à proximité', 'Salir a pie hasta un coche aparcado cerca', 'Περπάτημα έξω ως ένα αυτοκίνητο σταθμευμένο κοντά', 'Mersul afară până la o mașină parcată în apropiere'),
  t('Getting into or out of a car', 'Salire in auto o scendere dall’auto', 'Entrar ou sair de um carro', 'Monter dans une voiture ou en descendre', 'Subir o bajar de un coche', 'Επιβίβαση ή αποβίβαση από αυτοκίνητο', 'Urcarea în mașină sau coborârea din ea'),
  t('Walking across a car park to the shops', 'Attraversare un parcheggio per andare nei negozi', 'Atravessar um parque de estacionamento até às lojas', 'Traverser un parking pour aller aux magasins', 'Cruzar un aparcamiento para ir a las tiendas', 'Διάσχιση χώρου στάθμευσης προς τα καταστήματα', 'Traversarea unei parcări spre magazine'),
  t('Walking up or down a ramp', 'Salire o scendere una rampa', 'Subir ou descer uma rampa', 'Monter ou descendre une rampe', 'Subir o bajar una rampa', 'Ανέβασμα ή κατέβασμα ράμπας', 'Urcarea sau coborârea unei rampe'),
  t('Walking in a crowded shopping centre', 'Camminare in un centro commerciale affollato', 'Andar num centro comercial cheio de gente', 'Marcher dans un centre commercial bondé', 'Caminar por un centro comercial lleno de gente', 'Περπάτημα σε πολυσύχναστο εμπορικό κέντρο', 'Mersul printr-un centru comercial aglomerat'),
  t('Being bumped by people while walking in a crowd', 'Essere urtato/a dalla gente camminando tra la folla', 'Ser empurrado/a pelas pessoas ao andar no meio da multidão', 'Être bousculé(e) en marchant dans la foule', 'Recibir empujones de la gente al caminar entre una multitud', 'Σπρωξίματα από κόσμο ενώ περπατάτε μέσα σε πλήθος', 'Îmbrânceli din partea oamenilor la mersul prin mulțime'),
  t('Using an escalator while holding the handrail', 'Usare una scala mobile tenendosi al corrimano', 'Usar uma escada rolante segurando o corrimão', 'Prendre un escalator en tenant la rampe', 'Usar una escalera mecánica agarrándose al pasamanos', 'Χρήση κυλιόμενης σκάλας κρατώντας την κουπαστή', 'Folosirea scării rulante ținându-vă de balustradă'),
  t('Using an escalator without holding the handrail', 'Usare una scala mobile senza tenersi al corrimano', 'Usar uma escada rolante sem segurar o corrimão', 'Prendre un escalator sans tenir la rampe', 'Usar una escalera mecánica sin agarrarse al pasamanos', 'Χρήση κυλιόμενης σκάλας χωρίς να κρατάτε την κουπαστή', 'Folosirea scării rulante fără a vă ține de balustradă'),
  t('Walking outside on icy pavements', 'Camminare all’aperto su marciapiedi ghiacciati', 'Andar na rua em passeios com gelo', 'Marcher dehors sur des trottoirs verglacés', 'Caminar por aceras heladas', 'Περπάτημα έξω σε παγωμένα πεζοδρόμια', 'Mersul afară pe trotuare înghețate'),
];

const anchors = {
  min: t('No confidence', 'Nessuna fiducia', 'Nenhuma confiança', 'Aucune confiance', 'Ninguna confianza', 'Καθόλου σιγουριά', 'Nicio încredere'),
  max: t('Completely confident', 'Completamente sicuro/a', 'Totalmente confiante', 'Totalement confiant(e)', 'Totalmente seguro/a', 'Απόλυτη σιγουριά', 'Încredere deplină'),
};

const ITEMS = itemIds('abc', 16);

function score(answers: Answers) {
  const sum = sumOf(answers, ITEMS);
  if (sum === null) return { total: null, band: null, subscales: { functionalLevel: null } };
  const mean = sum / ITEMS.length;
  return {
    total: mean,
    band: mean < FALL_RISK_BELOW ? 'fall-risk' : 'no-increased-fall-risk',
    subscales: { functionalLevel: functionalLevel(mean) },
  };
}

export const abc: InstrumentDef = {
  id: 'abc',
  version: '1.0.0',
  title: t('Activities-specific Balance Confidence scale (ABC)', 'Scala di fiducia nell’equilibrio specifica per attività (ABC)', 'Escala de confiança no equilíbrio específica para atividades (ABC)', 'Échelle de confiance en son équilibre selon les activités (ABC)', 'Escala de confianza en el equilibrio específica de actividades (ABC)', 'Κλίμακα σιγουριάς ισορροπίας σε συγκεκριμένες δραστηριότητες (ABC)', 'Scala încrederii în echilibru pentru activități specifice (ABC)'),
  description: t(
    'Confidence, from 0 to 100 %, of not losing balance or becoming unsteady in 16 everyday activities; score = mean.',
    'Fiducia, da 0 a 100 %, di non perdere l’equilibrio o sentirsi instabile in 16 attività quotidiane; punteggio = media.',
    'Confiança, de 0 a 100 %, em não perder o equilíbrio nem ficar instável em 16 atividades do dia a dia; pontuação = média.',
    'Confiance, de 0 à 100 %, de ne pas perdre l’équilibre ni se sentir instable dans 16 activités quotidiennes ; score = moyenne.',
    'Confianza, de 0 a 100 %, en no perder el equilibrio ni sentirse inestable en 16 actividades cotidianas; puntuación = media.',
    'Σιγουριά, από 0 έως 100 %, ότι δεν θα χάσετε την ισορροπία σας ή δεν θα νιώσετε αστάθεια σε 16 καθημερινές δραστηριότητες· βαθμολογία = μέσος όρος.',
    'Încrederea, de la 0 la 100 %, de a nu vă pierde echilibrul sau a deveni instabil în 16 activități zilnice; scor = media.',
  ),
  licence: t(
    'ABC scale © Myers, University of Waterloo: item texts are paraphrased; electronic or commercial use of the original wording needs the copyright holder’s permission.',
    'Scala ABC © Myers, University of Waterloo: i testi degli item sono parafrasati; l’uso elettronico o commerciale della formulazione originale richiede l’autorizzazione del titolare dei diritti.',
    'Escala ABC © Myers, University of Waterloo: os textos dos itens são paráfrases; a utilização eletrónica ou comercial do texto original requer autorização do titular dos direitos.',
    'Échelle ABC © Myers, University of Waterloo : les énoncés sont reformulés ; l’usage électronique ou commercial du texte original nécessite l’autorisation du titulaire des droits.',
    'Escala ABC © Myers, University of Waterloo: los enunciados están parafraseados; el uso electrónico o comercial del texto original requiere la autorización del titular de los derechos.',
    'Κλίμακα ABC © Myers, University of Waterloo: οι διατυπώσεις των ερωτήσεων είναι παραφράσεις· η ηλεκτρονική ή εμπορική χρήση του πρωτότυπου κειμένου απαιτεί άδεια του κατόχου των δικαιωμάτων.',
    'Scala ABC © Myers, University of Waterloo: textele itemilor sunt parafrazate; utilizarea electronică sau comercială a textului original necesită permisiunea deținătorului drepturilor.',
  ),
  range: { min: 0, max: 100 },
  items: activities.map((text, i) => integer(ITEMS[i], text, { min: 0, max: 100 }, { step: 10, unit: '%', anchors })),
  bands: [
    band('fall-risk', t('Increased fall risk', 'Rischio di caduta aumentato', 'Risco de queda aumentado', 'Risque de chute accru', 'Riesgo de caída aumentado', 'Αυξημένος κίνδυνος πτώσης', 'Risc crescut de cădere'), t('Mean confidence below 67 %: increased risk of falling; consider a fall-prevention assessment.', 'Fiducia media sotto il 67 %: rischio di caduta aumentato; valutare un programma di prevenzione delle cadute.', 'Confiança média abaixo de 67 %: risco de queda aumentado; considerar uma avaliação de prevenção de quedas.', 'Confiance moyenne inférieure à 67 % : risque de chute accru ; envisager une évaluation de prévention des chutes.', 'Confianza media inferior al 67 %: riesgo de caída aumentado; considerar una valoración de prevención de caídas.', 'Μέση σιγουριά κάτω από 67 %: αυξημένος κίνδυνος πτώσης· εξετάστε αξιολόγηση πρόληψης πτώσεων.', 'Încredere medie sub 67 %: risc crescut de cădere; luați în considerare o evaluare pentru prevenirea căderilor.'), true),
    band('no-increased-fall-risk', t('No increased fall risk', 'Nessun aumento del rischio di caduta', 'Sem risco de queda aumentado', 'Pas de risque de chute accru', 'Sin riesgo de caída aumentado', 'Χωρίς αυξημένο κίνδυνο πτώσης', 'Fără risc crescut de cădere'), t('Mean confidence 67 % or more: no increased fall risk on this scale.', 'Fiducia media pari o superiore al 67 %: nessun aumento del rischio di caduta su questa scala.', 'Confiança média igual ou superior a 67 %: sem risco de queda aumentado nesta escala.', 'Confiance moyenne de 67 % ou plus : pas de risque de chute accru selon cette échelle.', 'Confianza media del 67 % o más: sin riesgo de caída aumentado según esta escala.', 'Μέση σιγουριά 67 % ή περισσότερο: χωρίς αυξημένο κίνδυνο πτώσης σε αυτή την κλίμακα.', 'Încredere medie de 67 % sau mai mult: fără risc crescut de cădere pe această scală.')),
  ],
  subscales: [{ key: 'functionalLevel', type: 'string', values: ABC_FUNCTIONAL_LEVELS }],
  score,
};
