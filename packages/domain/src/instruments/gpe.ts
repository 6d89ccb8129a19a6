import { band, choice, options, t } from './define.ts';
import { sumScorer } from './scoring.ts';
import type { InstrumentDef } from './types.ts';

/**
 * Global Perceived Effect, 7-point variant (Kamper 2010). Other variants (11- or 15-point) are not
 * comparable and would be a new instrument version. "Improved" = much improved or recovered.
 */
export const gpe: InstrumentDef = {
  id: 'gpe',
  version: '1.0.0',
  title: t('Global Perceived Effect', 'Effetto globale percepito', 'Efeito global percebido', 'Effet global perçu', 'Efecto global percibido', 'Συνολική αντιληπτή επίδραση', 'Efectul global perceput'),
  description: t(
    'The patient’s rating of change since the start of treatment, on 7 points from completely recovered to worse than ever.',
    'Valutazione del paziente del cambiamento dall’inizio del trattamento, su 7 punti da completamente guarito a peggio che mai.',
    'Avaliação do doente sobre a mudança desde o início do tratamento, em 7 pontos, de completamente recuperado a pior do que nunca.',
    'Évaluation par le patient du changement depuis le début du traitement, sur 7 points, de complètement rétabli à pire que jamais.',
    'Valoración del paciente del cambio desde el inicio del tratamiento, en 7 puntos, de completamente recuperado a peor que nunca.',
    'Εκτίμηση του ασθενούς για την αλλαγή από την έναρξη της θεραπείας, σε 7 βαθμίδες, από πλήρη ανάρρωση έως χειρότερα από ποτέ.',
    'Evaluarea de către pacient a schimbării de la începutul tratamentului, pe 7 trepte, de la complet recuperat la mai rău ca oricând.',
  ),
  range: { min: 1, max: 7 },
  items: [
    choice(
      'gpe-1',
      t('Compared with the start of treatment, how is your condition now?', 'Rispetto all’inizio del trattamento, com’è ora la sua condizione?', 'Em comparação com o início do tratamento, como está agora a sua condição?', 'Par rapport au début du traitement, comment est votre état aujourd’hui ?', 'En comparación con el inicio del tratamiento, ¿cómo está ahora su problema?', 'Σε σύγκριση με την έναρξη της θεραπείας, πώς είναι τώρα η κατάστασή σας;', 'Comparativ cu începutul tratamentului, cum este acum starea dumneavoastră?'),
      options(
        [1, t('Completely recovered', 'Completamente guarito/a', 'Completamente recuperado/a', 'Complètement rétabli(e)', 'Completamente recuperado/a', 'Πλήρης ανάρρωση', 'Complet recuperat(ă)')],
        [2, t('Much improved', 'Molto migliorato/a', 'Muito melhor', 'Beaucoup mieux', 'Mucho mejor', 'Πολύ καλύτερα', 'Mult ameliorat(ă)')],
        [3, t('Slightly improved', 'Leggermente migliorato/a', 'Ligeiramente melhor', 'Un peu mieux', 'Algo mejor', 'Λίγο καλύτερα', 'Ușor ameliorat(ă)')],
        [4, t('No change', 'Nessun cambiamento', 'Sem alteração', 'Aucun changement', 'Sin cambios', 'Καμία αλλαγή', 'Nicio schimbare')],
        [5, t('Slightly worse', 'Leggermente peggiorato/a', 'Ligeiramente pior', 'Un peu moins bien', 'Algo peor', 'Λίγο χειρότερα', 'Ușor înrăutățit(ă)')],
        [6, t('Much worse', 'Molto peggiorato/a', 'Muito pior', 'Beaucoup moins bien', 'Mucho peor', 'Πολύ χειρότερα', 'Mult înrăutățit(ă)')],
        [7, t('Worse than ever', 'Peggio che mai', 'Pior do que nunca', 'Pire que jamais', 'Peor que nunca', 'Χειρότερα από ποτέ', 'Mai rău ca oricând')],
      ),
    ),
  ],
  bands: [
    band('improved', t('Improved', 'Migliorato', 'Melhorado', 'Amélioré', 'Mejorado', 'Βελτιωμένος', 'Ameliorat'), t('Much improved or completely recovered: the usual definition of treatment success.', 'Molto migliorato o completamente guarito: la definizione abituale di successo del trattamento.', 'Muito melhor ou completamente recuperado: a definição habitual de sucesso do tratamento.', 'Beaucoup mieux ou complètement rétabli : la définition habituelle du succès du traitement.', 'Mucho mejor o completamente recuperado: la definición habitual de éxito del tratamiento.', 'Πολύ καλύτερα ή πλήρης ανάρρωση: ο συνήθης ορισμός της επιτυχίας της θεραπείας.', 'Mult ameliorat sau complet recuperat: definiția obișnuită a succesului tratamentului.')),
    band('not-improved', t('Not improved', 'Non migliorato', 'Não melhorado', 'Non amélioré', 'No mejorado', 'Χωρίς βελτίωση', 'Neameliorat'), t('Slightly improved, unchanged or worse: no meaningful benefit reported; review the treatment.', 'Leggermente migliorato, invariato o peggiorato: nessun beneficio rilevante riferito; rivedere il trattamento.', 'Ligeiramente melhor, sem alteração ou pior: sem benefício relevante referido; rever o tratamento.', 'Un peu mieux, inchangé ou pire : aucun bénéfice notable rapporté ; revoir le traitement.', 'Algo mejor, sin cambios o peor: no refiere un beneficio relevante; revisar el tratamiento.', 'Λίγο καλύτερα, χωρίς αλλαγή ή χειρότερα: δεν αναφέρεται ουσιαστικό όφελος· επανεξετάστε τη θεραπεία.', 'Ușor ameliorat, neschimbat sau înrăutățit: niciun beneficiu semnificativ raportat; revizuiți tratamentul.')),
  ],
  score: sumScorer(['gpe-1'], [[2, 'improved'], [Infinity, 'not-improved']]),
};
