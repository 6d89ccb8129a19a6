/**
 * Where a demo participant was referred from, as the site's staff would write it: the field is free
 * text, kept in the language it was entered in (the record shows it as typed, whatever the reader's language).
 */
export const REFERRAL_SOURCES: Record<string, readonly string[]> = {
  Italy: ['Medico di medicina generale', 'Reparto ospedaliero', 'Ambulatorio', 'Autosegnalazione'],
  Portugal: ['Médico de família', 'Internamento hospitalar', 'Consulta externa', 'Iniciativa própria'],
  Hellas: ['Γενικός ιατρός', 'Νοσοκομειακή κλινική', 'Εξωτερικά ιατρεία', 'Αυτοπαραπομπή'],
  France: ['Médecin traitant', 'Service hospitalier', 'Consultation externe', 'Démarche personnelle'],
  Spain: ['Médico de atención primaria', 'Planta hospitalaria', 'Consultas externas', 'Iniciativa propia'],
  Romania: ['Medic de familie', 'Secție de spital', 'Ambulatoriu de specialitate', 'Autoprezentare'],
};
