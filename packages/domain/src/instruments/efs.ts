import { band, choice, options, t } from './define.ts';
import { itemIds, sumScorer } from './scoring.ts';
import type { InstrumentDef } from './types.ts';

/** Edmonton Frail Scale (Rolfson 2006): 11 items, answers are the points; bands as printed on the form. */
const noYes = options(
  [0, t('No', 'No', 'Não', 'Non', 'No', 'Όχι', 'Nu')],
  [1, t('Yes', 'Sì', 'Sim', 'Oui', 'Sí', 'Ναι', 'Da')],
);

export const efs: InstrumentDef = {
  id: 'efs',
  version: '1.0.0',
  title: t('Edmonton Frail Scale', 'Edmonton Frail Scale', 'Escala de Fragilidade de Edmonton', 'Échelle de fragilité d’Edmonton', 'Escala de Fragilidad de Edmonton', 'Κλίμακα Ευθραυστότητας Edmonton', 'Scala de fragilitate Edmonton'),
  description: t(
    'Frailty screening across nine domains; 0 (not frail) to 17 (severe frailty).',
    'Screening della fragilità in nove ambiti; da 0 (non fragile) a 17 (fragilità grave).',
    'Rastreio da fragilidade em nove domínios; de 0 (não frágil) a 17 (fragilidade grave).',
    'Dépistage de la fragilité sur neuf domaines ; de 0 (non fragile) à 17 (fragilité sévère).',
    'Cribado de fragilidad en nueve dominios; de 0 (no frágil) a 17 (fragilidad grave).',
    'Ανίχνευση ευθραυστότητας σε εννέα τομείς· από 0 (μη εύθραυστος) έως 17 (σοβαρή ευθραυστότητα).',
    'Screening al fragilității în nouă domenii; de la 0 (fără fragilitate) la 17 (fragilitate severă).',
  ),
  range: { min: 0, max: 17 },
  items: [
    choice('efs-1', t('Cognition: clock drawing', 'Cognizione: disegno dell’orologio', 'Cognição: desenho do relógio', 'Cognition : dessin de l’horloge', 'Cognición: dibujo del reloj', 'Γνωσιακή λειτουργία: σχεδίαση ρολογιού', 'Cogniție: desenarea ceasului'), options(
      [0, t('No errors', 'Nessun errore', 'Sem erros', 'Aucune erreur', 'Sin errores', 'Χωρίς λάθη', 'Fără erori')],
      [1, t('Minor spacing errors', 'Piccoli errori di spaziatura', 'Pequenos erros de espaçamento', 'Petites erreurs d’espacement', 'Pequeños errores de espaciado', 'Μικρά λάθη διάταξης', 'Mici erori de spațiere')],
      [2, t('Other errors', 'Altri errori', 'Outros erros', 'Autres erreurs', 'Otros errores', 'Άλλα λάθη', 'Alte erori')],
    )),
    choice('efs-2', t('General health: hospital admissions in the past year', 'Salute generale: ricoveri ospedalieri nell’ultimo anno', 'Saúde geral: internamentos hospitalares no último ano', 'Santé générale : hospitalisations au cours de l’année écoulée', 'Salud general: ingresos hospitalarios en el último año', 'Γενική υγεία: εισαγωγές σε νοσοκομείο τον τελευταίο χρόνο', 'Sănătate generală: internări în spital în ultimul an'), options(
      [0, t('None', 'Nessuno', 'Nenhum', 'Aucune', 'Ninguno', 'Καμία', 'Niciuna')],
      [1, t('One or two', 'Uno o due', 'Um ou dois', 'Une ou deux', 'Uno o dos', 'Μία ή δύο', 'Una sau două')],
      [2, t('More than two', 'Più di due', 'Mais de dois', 'Plus de deux', 'Más de dos', 'Περισσότερες από δύο', 'Mai mult de două')],
    )),
    choice('efs-3', t('General health: self-rated health', 'Salute generale: salute percepita', 'Saúde geral: autoavaliação da saúde', 'Santé générale : santé perçue', 'Salud general: salud autopercibida', 'Γενική υγεία: αυτοαξιολόγηση υγείας', 'Sănătate generală: starea de sănătate percepută'), options(
      [0, t('Excellent, very good or good', 'Eccellente, molto buona o buona', 'Excelente, muito boa ou boa', 'Excellente, très bonne ou bonne', 'Excelente, muy buena o buena', 'Εξαιρετική, πολύ καλή ή καλή', 'Excelentă, foarte bună sau bună')],
      [1, t('Fair', 'Discreta', 'Razoável', 'Passable', 'Regular', 'Μέτρια', 'Acceptabilă')],
      [2, t('Poor', 'Scarsa', 'Fraca', 'Mauvaise', 'Mala', 'Κακή', 'Proastă')],
    )),
    choice('efs-4', t('Functional independence: daily activities needing help (of 8)', 'Autonomia funzionale: attività quotidiane che richiedono aiuto (su 8)', 'Independência funcional: atividades diárias que precisam de ajuda (de 8)', 'Autonomie fonctionnelle : activités quotidiennes nécessitant de l’aide (sur 8)', 'Independencia funcional: actividades diarias que requieren ayuda (de 8)', 'Λειτουργική αυτονομία: καθημερινές δραστηριότητες που χρειάζονται βοήθεια (από 8)', 'Independență funcțională: activități zilnice care necesită ajutor (din 8)'), options(
      [0, t('0 to 1', 'Da 0 a 1', '0 a 1', '0 à 1', '0 a 1', '0 έως 1', '0–1')],
      [1, t('2 to 4', 'Da 2 a 4', '2 a 4', '2 à 4', '2 a 4', '2 έως 4', '2–4')],
      [2, t('5 to 8', 'Da 5 a 8', '5 a 8', '5 à 8', '5 a 8', '5 έως 8', '5–8')],
    )),
    choice('efs-5', t('Social support: can count on someone when help is needed', 'Supporto sociale: può contare su qualcuno quando ha bisogno di aiuto', 'Apoio social: pode contar com alguém quando precisa de ajuda', 'Soutien social : peut compter sur quelqu’un en cas de besoin', 'Apoyo social: puede contar con alguien cuando necesita ayuda', 'Κοινωνική υποστήριξη: μπορεί να βασιστεί σε κάποιον όταν χρειάζεται βοήθεια', 'Sprijin social: se poate baza pe cineva când are nevoie de ajutor'), options(
      [0, t('Always', 'Sempre', 'Sempre', 'Toujours', 'Siempre', 'Πάντα', 'Întotdeauna')],
      [1, t('Sometimes', 'A volte', 'Às vezes', 'Parfois', 'A veces', 'Μερικές φορές', 'Uneori')],
      [2, t('Never', 'Mai', 'Nunca', 'Jamais', 'Nunca', 'Ποτέ', 'Niciodată')],
    )),
    choice('efs-6', t('Medication: takes five or more prescription drugs regularly', 'Farmaci: assume regolarmente cinque o più farmaci prescritti', 'Medicação: toma regularmente cinco ou mais medicamentos receitados', 'Médicaments : prend régulièrement cinq médicaments prescrits ou plus', 'Medicación: toma habitualmente cinco o más fármacos recetados', 'Φαρμακευτική αγωγή: παίρνει τακτικά πέντε ή περισσότερα συνταγογραφούμενα φάρμακα', 'Medicație: ia regulat cinci sau mai multe medicamente prescrise'), noYes),
    choice('efs-7', t('Medication: sometimes forgets to take them', 'Farmaci: a volte dimentica di prenderli', 'Medicação: às vezes esquece-se de os tomar', 'Médicaments : oublie parfois de les prendre', 'Medicación: a veces olvida tomarlos', 'Φαρμακευτική αγωγή: μερικές φορές ξεχνά να τα πάρει', 'Medicație: uneori uită să le ia'), noYes),
    choice('efs-8', t('Nutrition: recent weight loss (clothes feel looser)', 'Nutrizione: recente perdita di peso (vestiti più larghi)', 'Nutrição: perda de peso recente (roupa mais larga)', 'Nutrition : perte de poids récente (vêtements plus amples)', 'Nutrición: pérdida de peso reciente (ropa más holgada)', 'Διατροφή: πρόσφατη απώλεια βάρους (τα ρούχα φαρδαίνουν)', 'Nutriție: scădere recentă în greutate (hainele au devenit largi)'), noYes),
    choice('efs-9', t('Mood: often feels sad or depressed', 'Umore: si sente spesso triste o depresso', 'Humor: sente-se muitas vezes triste ou deprimido', 'Humeur : se sent souvent triste ou déprimé', 'Estado de ánimo: se siente a menudo triste o deprimido', 'Διάθεση: νιώθει συχνά λύπη ή κατάθλιψη', 'Dispoziție: se simte adesea trist sau deprimat'), noYes),
    choice('efs-10', t('Continence: problem losing control of urine', 'Continenza: problemi a trattenere l’urina', 'Continência: problema em controlar a urina', 'Continence : problème de perte de contrôle urinaire', 'Continencia: problemas para controlar la orina', 'Εγκράτεια: πρόβλημα ελέγχου ούρων', 'Continență: probleme de control al urinei'), noYes),
    choice('efs-11', t('Functional performance: Timed Up and Go', 'Prestazione funzionale: Timed Up and Go', 'Desempenho funcional: Timed Up and Go', 'Performance fonctionnelle : Timed Up and Go', 'Rendimiento funcional: Timed Up and Go', 'Λειτουργική απόδοση: Timed Up and Go', 'Performanță funcțională: Timed Up and Go'), options(
      [0, t('0 to 10 seconds', 'Da 0 a 10 secondi', '0 a 10 segundos', '0 à 10 secondes', '0 a 10 segundos', '0 έως 10 δευτερόλεπτα', '0–10 secunde')],
      [1, t('11 to 20 seconds', 'Da 11 a 20 secondi', '11 a 20 segundos', '11 à 20 secondes', '11 a 20 segundos', '11 έως 20 δευτερόλεπτα', '11–20 secunde')],
      [2, t('Over 20 seconds, unwilling, or needs assistance', 'Oltre 20 secondi, rifiuta o ha bisogno di assistenza', 'Mais de 20 segundos, recusa ou precisa de assistência', 'Plus de 20 secondes, refus ou besoin d’assistance', 'Más de 20 segundos, se niega o necesita asistencia', 'Πάνω από 20 δευτερόλεπτα, άρνηση ή ανάγκη βοήθειας', 'Peste 20 de secunde, refuză sau are nevoie de asistență')],
    )),
  ],
  bands: [
    band('not-frail', t('Not frail', 'Non fragile', 'Não frágil', 'Non fragile', 'No frágil', 'Μη εύθραυστος', 'Fără fragilitate'), t('Score 0–5: robust.', 'Punteggio 0–5: robusto.', 'Pontuação 0–5: robusto.', 'Score 0–5 : robuste.', 'Puntuación 0–5: robusto.', 'Βαθμολογία 0–5: ρωμαλέος.', 'Scor 0–5: robust.')),
    band('vulnerable', t('Vulnerable', 'Vulnerabile', 'Vulnerável', 'Vulnérable', 'Vulnerable', 'Ευάλωτος', 'Vulnerabil'), t('Score 6–7: apparently vulnerable.', 'Punteggio 6–7: apparentemente vulnerabile.', 'Pontuação 6–7: aparentemente vulnerável.', 'Score 6–7 : vulnérabilité apparente.', 'Puntuación 6–7: aparentemente vulnerable.', 'Βαθμολογία 6–7: φαινομενικά ευάλωτος.', 'Scor 6–7: aparent vulnerabil.')),
    band('mild-frailty', t('Mild frailty', 'Fragilità lieve', 'Fragilidade ligeira', 'Fragilité légère', 'Fragilidad leve', 'Ήπια ευθραυστότητα', 'Fragilitate ușoară'), t('Score 8–9.', 'Punteggio 8–9.', 'Pontuação 8–9.', 'Score 8–9.', 'Puntuación 8–9.', 'Βαθμολογία 8–9.', 'Scor 8–9.'), true),
    band('moderate-frailty', t('Moderate frailty', 'Fragilità moderata', 'Fragilidade moderada', 'Fragilité modérée', 'Fragilidad moderada', 'Μέτρια ευθραυστότητα', 'Fragilitate moderată'), t('Score 10–11.', 'Punteggio 10–11.', 'Pontuação 10–11.', 'Score 10–11.', 'Puntuación 10–11.', 'Βαθμολογία 10–11.', 'Scor 10–11.'), true),
    band('severe-frailty', t('Severe frailty', 'Fragilità grave', 'Fragilidade grave', 'Fragilité sévère', 'Fragilidad grave', 'Σοβαρή ευθραυστότητα', 'Fragilitate severă'), t('Score 12–17.', 'Punteggio 12–17.', 'Pontuação 12–17.', 'Score 12–17.', 'Puntuación 12–17.', 'Βαθμολογία 12–17.', 'Scor 12–17.'), true),
  ],
  score: sumScorer(itemIds('efs', 11), [[5, 'not-frail'], [7, 'vulnerable'], [9, 'mild-frailty'], [11, 'moderate-frailty'], [Infinity, 'severe-frailty']]),
};
