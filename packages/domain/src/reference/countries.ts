/** The ten countries of the study's organisations (SPEC §3). */
export const COUNTRIES = [
  { countryid: 1, country: 'France', iso: 'FR' },
  { countryid: 2, country: 'Hellas', iso: 'GR' },
  { countryid: 3, country: 'Israel', iso: 'IL' },
  { countryid: 4, country: 'Italy', iso: 'IT' },
  { countryid: 5, country: 'Netherlands', iso: 'NL' },
  { countryid: 6, country: 'Portugal', iso: 'PT' },
  { countryid: 7, country: 'Romania', iso: 'RO' },
  { countryid: 8, country: 'Spain', iso: 'ES' },
  { countryid: 9, country: 'Switzerland', iso: 'CH' },
  { countryid: 10, country: 'United Kingdom', iso: 'GB' },
] as const;

export type Country = (typeof COUNTRIES)[number];
export const FRANCE_COUNTRY_ID = 1;
