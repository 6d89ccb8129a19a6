/** A literal reference `Type/id`, also read from an absolute URL or a `.../_history/n` form. */
export interface ParsedReference {
  type: string;
  id: string;
}

const ID = /^[A-Za-z0-9\-.]{1,64}$/;
const TYPE = /^[A-Z][A-Za-z]+$/;

export const isValidId = (id: string) => ID.test(id);

/** The server's ids (participants, accounts, resources it creates) are uuids. */
export const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** Lenient on purpose: it also reads unvalidated input (a Bundle's entries before validation), where any shape may stand. */
export function parseReference(reference: unknown): ParsedReference | undefined {
  if (typeof reference !== 'string' || !reference || reference.startsWith('#') || reference.startsWith('urn:')) return undefined;
  const parts = reference.split('?')[0].split('/');
  const history = parts.lastIndexOf('_history');
  const [type, id] = (history > 0 ? parts.slice(0, history) : parts).slice(-2);
  return type && id && TYPE.test(type) && ID.test(id) ? { type, id } : undefined;
}
