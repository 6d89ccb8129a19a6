import { band, choiceItems, options, t } from './define.ts';
import { itemIds, sumScorer } from './scoring.ts';
import type { InstrumentDef } from './types.ts';

/** Epworth Sleepiness Scale (Johns 1991); paraphrased situations, the author's five bands. */
const chanceOfDozing = options(
  [0, t('Would never doze', 'Non si appisolerebbe mai', 'Nunca dormitaria', 'Ne s’assoupirait jamais', 'Nunca se adormilaría', 'Δεν θα νύσταζε ποτέ', 'Nu ar ațipi niciodată')],
  [1, t('Slight chance of dozing', 'Scarsa probabilità di appisolarsi', 'Pequena probabilidade de dormitar', 'Faible risque de s’assoupir', 'Poca probabilidad de adormilarse', 'Μικρή πιθανότητα να νυστάξει', 'Șansă mică de a ațipi')],
  [2, t('Moderate chance of dozing', 'Moderata probabilità di appisolarsi', 'Probabilidade moderada de dormitar', 'Risque modéré de s’assoupir', 'Probabilidad moderada de adormilarse', 'Μέτρια πιθανότητα να νυστάξει', 'Șansă moderată de a ațipi')],
  [3, t('High chance of dozing', 'Alta probabilità di appisolarsi', 'Grande probabilidade de dormitar', 'Fort risque de s’assoupir', 'Alta probabilidad de adormilarse', 'Μεγάλη πιθανότητα να νυστάξει', 'Șansă mare de a ațipi')],
);

export const ess: InstrumentDef = {
  id: 'ess',
  version: '1.0.0',
  title: t('Epworth Sleepiness Scale', 'Scala della sonnolenza di Epworth', 'Escala de Sonolência de Epworth', 'Échelle de somnolence d’Epworth', 'Escala de Somnolencia de Epworth', 'Κλίμακα Υπνηλίας Epworth', 'Scala de somnolență Epworth'),
  description: t(
    'Chance of dozing in eight everyday situations; 0 to 24, above 10 is excessive daytime sleepiness.',
    'Probabilità di appisolarsi in otto situazioni quotidiane; da 0 a 24, oltre 10 indica sonnolenza diurna eccessiva.',
    'Probabilidade de dormitar em oito situações do dia a dia; de 0 a 24, acima de 10 indica sonolência diurna excessiva.',
    'Risque de s’assoupir dans huit situations de la vie courante ; de 0 à 24, au-delà de 10 : somnolence diurne excessive.',
    'Probabilidad de adormilarse en ocho situaciones cotidianas; de 0 a 24, más de 10 indica somnolencia diurna excesiva.',
    'Πιθανότητα να νυστάξει σε οκτώ καθημερινές καταστάσεις· 0 έως 24, πάνω από 10 σημαίνει υπερβολική ημερήσια υπνηλία.',
    'Șansa de a ațipi în opt situații obișnuite; de la 0 la 24, peste 10 înseamnă somnolență diurnă excesivă.',
  ),
  licence: t(
    'ESS © M. W. Johns 1990–1997; situations are paraphrased, the original wording and translations are licensed through Mapi Research Trust.',
    'ESS © M. W. Johns 1990–1997; situazioni parafrasate, il testo originale e le traduzioni sono concessi in licenza da Mapi Research Trust.',
    'ESS © M. W. Johns 1990–1997; situações parafraseadas, o texto original e as traduções são licenciados pela Mapi Research Trust.',
    'ESS © M. W. Johns 1990–1997 ; situations reformulées, le texte original et ses traductions sont sous licence Mapi Research Trust.',
    'ESS © M. W. Johns 1990–1997; situaciones parafraseadas, el texto original y sus traducciones se licencian a través de Mapi Research Trust.',
    'ESS © M. W. Johns 1990–1997· οι καταστάσεις είναι παραφρασμένες, το πρωτότυπο κείμενο και οι μεταφράσεις διατίθενται με άδεια μέσω του Mapi Research Trust.',
    'ESS © M. W. Johns 1990–1997; situații parafrazate, textul original și traducerile sunt licențiate prin Mapi Research Trust.',
  ),
  range: { min: 0, max: 24 },
  items: choiceItems('ess', [
    t('Sitting and reading', 'Seduto a leggere', 'Sentado a ler', 'Assis en train de lire', 'Sentado leyendo', 'Καθιστός διαβάζοντας', 'Stând jos și citind'),
    t('Watching television', 'Guardando la televisione', 'A ver televisão', 'En regardant la télévision', 'Viendo la televisión', 'Βλέποντας τηλεόραση', 'Privind la televizor'),
    t('Sitting inactive in a public place', 'Seduto inattivo in un luogo pubblico', 'Sentado inativo num local público', 'Assis inactif dans un lieu public', 'Sentado inactivo en un lugar público', 'Καθιστός χωρίς δραστηριότητα σε δημόσιο χώρο', 'Stând jos, inactiv, într-un loc public'),
    t('Passenger in a car for an hour without a break', 'Passeggero in auto per un’ora senza soste', 'Passageiro num carro durante uma hora sem paragem', 'Passager d’une voiture pendant une heure sans arrêt', 'Pasajero en un coche durante una hora sin parar', 'Επιβάτης σε αυτοκίνητο για μία ώρα χωρίς διάλειμμα', 'Pasager într-o mașină timp de o oră fără pauză'),
    t('Lying down to rest in the afternoon', 'Sdraiato a riposare nel pomeriggio', 'Deitado a descansar à tarde', 'Allongé pour se reposer l’après-midi', 'Tumbado descansando por la tarde', 'Ξαπλωμένος για ξεκούραση το απόγευμα', 'Întins pentru odihnă după-amiaza'),
    t('Sitting and talking to someone', 'Seduto a parlare con qualcuno', 'Sentado a conversar com alguém', 'Assis en parlant avec quelqu’un', 'Sentado hablando con alguien', 'Καθιστός μιλώντας με κάποιον', 'Stând jos și vorbind cu cineva'),
    t('Sitting quietly after lunch without alcohol', 'Seduto tranquillo dopo pranzo, senza alcol', 'Sentado calmamente depois do almoço, sem álcool', 'Assis tranquillement après le déjeuner, sans alcool', 'Sentado tranquilamente después de comer, sin alcohol', 'Καθιστός ήσυχα μετά το μεσημεριανό, χωρίς αλκοόλ', 'Stând liniștit după prânz, fără alcool'),
    t('In a car stopped for a few minutes in traffic', 'In auto, fermo qualche minuto nel traffico', 'Num carro parado alguns minutos no trânsito', 'Dans une voiture arrêtée quelques minutes dans la circulation', 'En un coche parado unos minutos en el tráfico', 'Σε αυτοκίνητο σταματημένο για λίγα λεπτά στην κίνηση', 'Într-o mașină oprită câteva minute în trafic'),
  ], chanceOfDozing),
  bands: [
    band('lower-normal', t('Lower normal', 'Normale bassa', 'Normal baixa', 'Normale basse', 'Normal baja', 'Χαμηλή φυσιολογική', 'Normal scăzut'), t('Score 0–5: lower normal daytime sleepiness.', 'Punteggio 0–5: sonnolenza diurna normale bassa.', 'Pontuação 0–5: sonolência diurna normal baixa.', 'Score 0–5 : somnolence diurne normale basse.', 'Puntuación 0–5: somnolencia diurna normal baja.', 'Βαθμολογία 0–5: χαμηλή φυσιολογική ημερήσια υπνηλία.', 'Scor 0–5: somnolență diurnă normală, nivel scăzut.')),
    band('higher-normal', t('Higher normal', 'Normale alta', 'Normal alta', 'Normale haute', 'Normal alta', 'Υψηλή φυσιολογική', 'Normal ridicat'), t('Score 6–10: higher normal daytime sleepiness.', 'Punteggio 6–10: sonnolenza diurna normale alta.', 'Pontuação 6–10: sonolência diurna normal alta.', 'Score 6–10 : somnolence diurne normale haute.', 'Puntuación 6–10: somnolencia diurna normal alta.', 'Βαθμολογία 6–10: υψηλή φυσιολογική ημερήσια υπνηλία.', 'Scor 6–10: somnolență diurnă normală, nivel ridicat.')),
    band('mild-excessive', t('Mild excessive', 'Eccessiva lieve', 'Excessiva ligeira', 'Excessive légère', 'Excesiva leve', 'Ήπια υπερβολική', 'Excesivă ușoară'), t('Score 11–12: mild excessive daytime sleepiness.', 'Punteggio 11–12: sonnolenza diurna eccessiva lieve.', 'Pontuação 11–12: sonolência diurna excessiva ligeira.', 'Score 11–12 : somnolence diurne excessive légère.', 'Puntuación 11–12: somnolencia diurna excesiva leve.', 'Βαθμολογία 11–12: ήπια υπερβολική ημερήσια υπνηλία.', 'Scor 11–12: somnolență diurnă excesivă ușoară.'), true),
    band('moderate-excessive', t('Moderate excessive', 'Eccessiva moderata', 'Excessiva moderada', 'Excessive modérée', 'Excesiva moderada', 'Μέτρια υπερβολική', 'Excesivă moderată'), t('Score 13–15: moderate excessive daytime sleepiness.', 'Punteggio 13–15: sonnolenza diurna eccessiva moderata.', 'Pontuação 13–15: sonolência diurna excessiva moderada.', 'Score 13–15 : somnolence diurne excessive modérée.', 'Puntuación 13–15: somnolencia diurna excesiva moderada.', 'Βαθμολογία 13–15: μέτρια υπερβολική ημερήσια υπνηλία.', 'Scor 13–15: somnolență diurnă excesivă moderată.'), true),
    band('severe-excessive', t('Severe excessive', 'Eccessiva grave', 'Excessiva grave', 'Excessive sévère', 'Excesiva grave', 'Σοβαρή υπερβολική', 'Excesivă severă'), t('Score 16–24: severe excessive daytime sleepiness.', 'Punteggio 16–24: sonnolenza diurna eccessiva grave.', 'Pontuação 16–24: sonolência diurna excessiva grave.', 'Score 16–24 : somnolence diurne excessive sévère.', 'Puntuación 16–24: somnolencia diurna excesiva grave.', 'Βαθμολογία 16–24: σοβαρή υπερβολική ημερήσια υπνηλία.', 'Scor 16–24: somnolență diurnă excesivă severă.'), true),
  ],
  score: sumScorer(itemIds('ess', 8), [[5, 'lower-normal'], [10, 'higher-normal'], [12, 'mild-excessive'], [15, 'moderate-excessive'], [Infinity, 'severe-excessive']]),
};
