/** ISO 3166-1 alpha-2 codes of the study's countries, for phone numbers. */
export const COUNTRY_CODES: Record<string, string> = {
  France: 'FR', Hellas: 'GR', Israel: 'IL', Italy: 'IT', Netherlands: 'NL', Portugal: 'PT', Romania: 'RO', Spain: 'ES',
  Switzerland: 'CH', 'United Kingdom': 'GB',
};
