/**
 * The idempotency key of a daily device summary sent by an app that retries whole uploads (the
 * Citizen Hub, issue 34 §3): the participant, the code and the period the data cover. A resource
 * with the key of one already stored is that one sent again, so nothing new is stored. The key is
 * kept as an identifier of the resource (this system), which conditional create searches.
 */
export const UPLOAD_KEY_SYSTEM = 'https://geria.health/fhir/upload-key';

export interface UploadKeyParts {
  participantId: string;
  coding: { system?: unknown; code?: unknown } | undefined;
  period: { start?: unknown; end?: unknown } | undefined;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * `<participant>/<code system>/<code>/<start>/<end>`, each part URI-encoded (no `|`, `,` or `$`
 * that a token search would read as syntax); undefined when a part is missing, as without a
 * period or a coded code nothing tells two uploads of the same data apart.
 */
export function uploadKey({ participantId, coding, period }: UploadKeyParts): string | undefined {
  const parts = [participantId, text(coding?.system), text(coding?.code), text(period?.start), text(period?.end)];
  return parts.every((p) => p !== undefined) ? parts.map((p) => encodeURIComponent(p!)).join('/') : undefined;
}

/** The If-None-Exist search finding a resource stored under `key`. */
export const uploadKeySearch = (key: string) => `identifier=${encodeURIComponent(`${UPLOAD_KEY_SYSTEM}|${key}`)}`;
