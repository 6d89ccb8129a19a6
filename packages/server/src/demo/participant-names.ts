/**
 * First and last names per country of the pilot organisations, for synthetic participants. Each
 * `first` list alternates a man's and a woman's name, so the index tells the gender.
 */
export const NAMES: Record<string, { first: string[]; last: string[]; phone: (digits: () => string) => string }> = {
  Italy: {
    first: ['Giuseppe', 'Maria', 'Giovanni', 'Anna', 'Antonio', 'Giuseppina', 'Mario', 'Rosa', 'Francesco', 'Angela', 'Luigi', 'Teresa', 'Salvatore', 'Lucia', 'Vincenzo', 'Carmela'],
    last: ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti', 'De Luca', 'Costa', 'Giordano'],
    phone: (d) => `+39 3${d()}${d()}${d()} ${d()}${d()}${d()}${d()}${d()}${d()}`,
  },
  Portugal: {
    first: ['José', 'Maria', 'António', 'Ana', 'Manuel', 'Rosa', 'Joaquim', 'Fernanda', 'Francisco', 'Isabel', 'Carlos', 'Conceição'],
    last: ['Silva', 'Santos', 'Ferreira', 'Pereira', 'Oliveira', 'Costa', 'Rodrigues', 'Martins', 'Jesus', 'Sousa', 'Fernandes', 'Gonçalves'],
    phone: (d) => `+351 91${d()} ${d()}${d()}${d()} ${d()}${d()}${d()}`,
  },
  Hellas: {
    first: ['Γεώργιος', 'Μαρία', 'Ιωάννης', 'Ελένη', 'Κωνσταντίνος', 'Αικατερίνη', 'Δημήτριος', 'Βασιλική', 'Νικόλαος', 'Σοφία'],
    last: ['Παπαδόπουλος', 'Παπαδοπούλου', 'Γεωργίου', 'Οικονόμου', 'Νικολάου', 'Δημητρίου', 'Ιωάννου', 'Βασιλείου', 'Κωνσταντίνου', 'Αθανασίου'],
    phone: (d) => `+30 69${d()} ${d()}${d()}${d()} ${d()}${d()}${d()}${d()}`,
  },
  France: {
    first: ['Jean', 'Marie', 'Pierre', 'Jeanne', 'Michel', 'Françoise', 'André', 'Monique', 'Jacques', 'Catherine', 'Bernard', 'Nicole'],
    last: ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau', 'Simon', 'Laurent'],
    phone: (d) => `+33 6 ${d()}${d()} ${d()}${d()} ${d()}${d()} ${d()}${d()}`,
  },
  Spain: {
    first: ['Antonio', 'María', 'José', 'Carmen', 'Manuel', 'Josefa', 'Francisco', 'Isabel', 'Juan', 'Dolores', 'Pedro', 'Pilar'],
    last: ['García', 'Rodríguez', 'González', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Martín', 'Jiménez', 'Ruiz'],
    phone: (d) => `+34 6${d()}${d()} ${d()}${d()}${d()} ${d()}${d()}${d()}`,
  },
  Romania: {
    first: ['Ion', 'Maria', 'Gheorghe', 'Elena', 'Vasile', 'Ioana', 'Constantin', 'Ana', 'Nicolae', 'Mihaela'],
    last: ['Popescu', 'Ionescu', 'Popa', 'Pop', 'Constantin', 'Stan', 'Dumitru', 'Stoica', 'Gheorghe', 'Matei'],
    phone: (d) => `+40 72${d()} ${d()}${d()}${d()} ${d()}${d()}${d()}`,
  },
};

export type DemoGender = 'male' | 'female';

/** A name and the gender it agrees with; a Greek surname agrees too (Παπαδόπουλος, Παπαδοπούλου). */
export function demoName(country: string, pick: <T>(items: readonly T[]) => T): { firstName: string; lastName: string; gender: DemoGender } {
  const names = NAMES[country] ?? NAMES.Italy!;
  const index = names.first.indexOf(pick(names.first));
  const gender: DemoGender = index % 2 === 0 ? 'male' : 'female';
  const fits = (last: string) => (gender === 'male' ? !last.endsWith('ούλου') : !last.endsWith('ος'));
  return { firstName: names.first[index]!, lastName: pick(names.last.filter(fits)), gender };
}
