/**
 * A participant's study id in a dataset: a keyed hash (HMAC-SHA-256) of the participant id with the
 * export's own key, which the server draws at random and keeps with the job. Within one export the
 * id is stable (a participant's rows share it); across exports it differs, so two datasets cannot be
 * joined on it, and nothing in it leads back to the record without the key.
 */
export const STUDY_ID_PATTERN = /^S[0-9A-F]{16}$/;

/** `S` and the first 16 hexadecimal digits (64 bits) of the digest, upper case. */
export function studyIdFromDigest(hexDigest: string): string {
  if (!/^[0-9a-fA-F]{16,}$/.test(hexDigest)) throw new Error('studyIdFromDigest: a hexadecimal digest of at least 16 digits is needed');
  return `S${hexDigest.slice(0, 16).toUpperCase()}`;
}
