import { bandOrNull } from './bands.ts';
import { band, t, yesNo } from './define.ts';
import type { InstrumentDef, Localized } from './types.ts';

/** GDS-15 (Sheikh & Yesavage 1986, public domain). Items 1, 5, 7, 11, 13 score 1 for "No". */
export const GDS15_REVERSE_KEYED = [1, 5, 7, 11, 13];

const questions: Localized[] = [
  t('Are you basically satisfied with your life?', 'È fondamentalmente soddisfatto della sua vita?', 'Está basicamente satisfeito com a sua vida?', 'Êtes-vous globalement satisfait de votre vie ?', '¿Está básicamente satisfecho con su vida?', 'Είστε βασικά ικανοποιημένος με τη ζωή σας;', 'Sunteți în general mulțumit de viața dumneavoastră?'),
  t('Have you dropped many of your activities and interests?', 'Ha abbandonato molte delle sue attività e dei suoi interessi?', 'Abandonou muitas das suas atividades e interesses?', 'Avez-vous abandonné beaucoup de vos activités et centres d’intérêt ?', '¿Ha abandonado muchas de sus actividades e intereses?', 'Έχετε εγκαταλείψει πολλές από τις δραστηριότητες και τα ενδιαφέροντά σας;', 'Ați renunțat la multe dintre activitățile și interesele dumneavoastră?'),
  t('Do you feel that your life is empty?', 'Sente che la sua vita è vuota?', 'Sente que a sua vida está vazia?', 'Avez-vous le sentiment que votre vie est vide ?', '¿Siente que su vida está vacía?', 'Νιώθετε ότι η ζωή σας είναι άδεια;', 'Simțiți că viața dumneavoastră este goală?'),
  t('Do you often get bored?', 'Si annoia spesso?', 'Aborrece-se com frequência?', 'Vous ennuyez-vous souvent ?', '¿Se aburre a menudo?', 'Βαριέστε συχνά;', 'Vă plictisiți des?'),
  t('Are you in good spirits most of the time?', 'È di buon umore la maggior parte del tempo?', 'Está bem-disposto a maior parte do tempo?', 'Êtes-vous de bonne humeur la plupart du temps ?', '¿Está de buen ánimo la mayor parte del tiempo?', 'Έχετε καλή διάθεση τις περισσότερες ώρες;', 'Sunteți bine dispus în cea mai mare parte a timpului?'),
  t('Are you afraid that something bad is going to happen to you?', 'Teme che stia per capitarle qualcosa di brutto?', 'Tem medo que lhe vá acontecer algo de mau?', 'Craignez-vous qu’il vous arrive quelque chose de grave ?', '¿Teme que le vaya a pasar algo malo?', 'Φοβάστε ότι θα σας συμβεί κάτι κακό;', 'Vă temeți că vi se va întâmpla ceva rău?'),
  t('Do you feel happy most of the time?', 'Si sente felice la maggior parte del tempo?', 'Sente-se feliz a maior parte do tempo?', 'Vous sentez-vous heureux la plupart du temps ?', '¿Se siente feliz la mayor parte del tiempo?', 'Νιώθετε ευτυχισμένος τις περισσότερες ώρες;', 'Vă simțiți fericit în cea mai mare parte a timpului?'),
  t('Do you often feel helpless?', 'Si sente spesso impotente?', 'Sente-se muitas vezes desamparado?', 'Vous sentez-vous souvent impuissant ?', '¿Se siente a menudo indefenso?', 'Νιώθετε συχνά αβοήθητος;', 'Vă simțiți des neajutorat?'),
  t('Do you prefer to stay at home rather than go out and do new things?', 'Preferisce stare a casa piuttosto che uscire e fare cose nuove?', 'Prefere ficar em casa a sair e fazer coisas novas?', 'Préférez-vous rester chez vous plutôt que sortir et faire de nouvelles choses ?', '¿Prefiere quedarse en casa a salir y hacer cosas nuevas?', 'Προτιμάτε να μένετε στο σπίτι αντί να βγαίνετε και να κάνετε νέα πράγματα;', 'Preferați să stați acasă decât să ieșiți și să faceți lucruri noi?'),
  t('Do you feel you have more problems with memory than most people?', 'Sente di avere più problemi di memoria della maggior parte delle persone?', 'Sente que tem mais problemas de memória do que a maioria das pessoas?', 'Avez-vous l’impression d’avoir plus de problèmes de mémoire que la plupart des gens ?', '¿Siente que tiene más problemas de memoria que la mayoría de la gente?', 'Νιώθετε ότι έχετε περισσότερα προβλήματα μνήμης από τους περισσότερους ανθρώπους;', 'Simțiți că aveți mai multe probleme de memorie decât majoritatea oamenilor?'),
  t('Do you think it is wonderful to be alive now?', 'Pensa che sia bello essere vivi adesso?', 'Acha que é maravilhoso estar vivo agora?', 'Pensez-vous qu’il est merveilleux d’être en vie aujourd’hui ?', '¿Cree que es maravilloso estar vivo ahora?', 'Πιστεύετε ότι είναι υπέροχο να ζείτε τώρα;', 'Credeți că este minunat să fiți în viață acum?'),
  t('Do you feel pretty worthless the way you are now?', 'Si sente piuttosto inutile così come è adesso?', 'Sente-se bastante inútil tal como está agora?', 'Vous sentez-vous plutôt inutile dans votre état actuel ?', '¿Se siente bastante inútil tal como está ahora?', 'Νιώθετε αρκετά άχρηστος όπως είστε τώρα;', 'Vă simțiți destul de inutil așa cum sunteți acum?'),
  t('Do you feel full of energy?', 'Si sente pieno di energia?', 'Sente-se cheio de energia?', 'Vous sentez-vous plein d’énergie ?', '¿Se siente lleno de energía?', 'Νιώθετε γεμάτος ενέργεια;', 'Vă simțiți plin de energie?'),
  t('Do you feel that your situation is hopeless?', 'Sente che la sua situazione è senza speranza?', 'Sente que a sua situação não tem esperança?', 'Avez-vous le sentiment que votre situation est désespérée ?', '¿Siente que su situación no tiene remedio?', 'Νιώθετε ότι η κατάστασή σας είναι απελπιστική;', 'Simțiți că situația dumneavoastră este fără speranță?'),
  t('Do you think that most people are better off than you are?', 'Pensa che la maggior parte delle persone stia meglio di lei?', 'Acha que a maioria das pessoas está melhor do que você?', 'Pensez-vous que la plupart des gens vont mieux que vous ?', '¿Cree que la mayoría de la gente está mejor que usted?', 'Πιστεύετε ότι οι περισσότεροι άνθρωποι είναι σε καλύτερη θέση από εσάς;', 'Credeți că majoritatea oamenilor o duc mai bine decât dumneavoastră?'),
];

const linkId = (n: number) => `gds15-${n}`;

export const gds15: InstrumentDef = {
  id: 'gds15',
  version: '1.0.0',
  title: t('Geriatric Depression Scale (15 items)', 'Geriatric Depression Scale (15 item)', 'Escala de Depressão Geriátrica (15 itens)', 'Échelle de dépression gériatrique (15 items)', 'Escala de Depresión Geriátrica (15 ítems)', 'Γηριατρική Κλίμακα Κατάθλιψης (15 ερωτήσεις)', 'Scala de depresie geriatrică (15 itemi)'),
  description: t(
    'Fifteen yes/no questions about the past week; 0 to 15, 5 or more suggests depression.',
    'Quindici domande sì/no sull’ultima settimana; da 0 a 15, 5 o più suggerisce depressione.',
    'Quinze perguntas sim/não sobre a última semana; de 0 a 15, 5 ou mais sugere depressão.',
    'Quinze questions oui/non sur la semaine écoulée ; de 0 à 15, 5 ou plus évoque une dépression.',
    'Quince preguntas sí/no sobre la última semana; de 0 a 15, 5 o más sugiere depresión.',
    'Δεκαπέντε ερωτήσεις ναι/όχι για την τελευταία εβδομάδα· 0 έως 15, 5 ή περισσότερο υποδηλώνει κατάθλιψη.',
    'Cincisprezece întrebări da/nu despre ultima săptămână; de la 0 la 15, 5 sau mai mult sugerează depresie.',
  ),
  range: { min: 0, max: 15 },
  // SPEC §3, from the study protocol: GDS-15 against a depression diagnosis (pooled in primary care
  // by Mitchell et al. 2010, J Affect Disord 125:10–17: sensitivity 81.3 %, specificity 78.4 %).
  screeningAccuracy: { sensitivity: 0.81, specificity: 0.78 },
  items: questions.map((question, i) => yesNo(linkId(i + 1), question)),
  bands: [
    band('normal', t('Normal', 'Normale', 'Normal', 'Normal', 'Normal', 'Φυσιολογικό', 'Normal'), t('Score 0–4.', 'Punteggio 0–4.', 'Pontuação 0–4.', 'Score 0–4.', 'Puntuación 0–4.', 'Βαθμολογία 0–4.', 'Scor 0–4.')),
    band('mild', t('Mild depression', 'Depressione lieve', 'Depressão ligeira', 'Dépression légère', 'Depresión leve', 'Ήπια κατάθλιψη', 'Depresie ușoară'), t('Score 5–8.', 'Punteggio 5–8.', 'Pontuação 5–8.', 'Score 5–8.', 'Puntuación 5–8.', 'Βαθμολογία 5–8.', 'Scor 5–8.'), true),
    band('moderate', t('Moderate depression', 'Depressione moderata', 'Depressão moderada', 'Dépression modérée', 'Depresión moderada', 'Μέτρια κατάθλιψη', 'Depresie moderată'), t('Score 9–11.', 'Punteggio 9–11.', 'Pontuação 9–11.', 'Score 9–11.', 'Puntuación 9–11.', 'Βαθμολογία 9–11.', 'Scor 9–11.'), true),
    band('severe', t('Severe depression', 'Depressione grave', 'Depressão grave', 'Dépression sévère', 'Depresión grave', 'Σοβαρή κατάθλιψη', 'Depresie severă'), t('Score 12–15.', 'Punteggio 12–15.', 'Pontuação 12–15.', 'Score 12–15.', 'Puntuación 12–15.', 'Βαθμολογία 12–15.', 'Scor 12–15.'), true),
  ],
  score(answers) {
    let total = 0;
    for (let n = 1; n <= questions.length; n++) {
      const yes = answers[linkId(n)];
      if (typeof yes !== 'boolean') return { total: null, band: null };
      const scoresOn = !GDS15_REVERSE_KEYED.includes(n);
      if (yes === scoresOn) total += 1;
    }
    return { total, band: bandOrNull(total, [[4, 'normal'], [8, 'mild'], [11, 'moderate'], [Infinity, 'severe']]) };
  },
};
