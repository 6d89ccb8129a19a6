/** Study pilots (SPEC §3 Organisation). The Testing pilot is attached to most organisations. */
export const PILOTS = [
  { pilotid: 1, name: 'Greek' },
  { pilotid: 2, name: 'Italian-Portuguese' },
  { pilotid: 3, name: 'French' },
  { pilotid: 4, name: 'Spanish' },
  { pilotid: 5, name: 'Romanian' },
  { pilotid: 6, name: 'Pilot of Pilots' },
  { pilotid: 7, name: 'Testing' },
  { pilotid: 9, name: 'Undefined' },
] as const;

export type Pilot = (typeof PILOTS)[number];
export type PilotId = Pilot['pilotid'];
export const TESTING_PILOT_ID = 7;
export const UNDEFINED_PILOT_ID = 9;

export const pilotById = (id: number): Pilot | undefined => PILOTS.find((p) => p.pilotid === id);
