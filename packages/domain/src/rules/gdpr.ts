import { z } from 'zod';

/**
 * GDPR requests (SPEC §3 "GDPR request", §4 lifecycle "Initiation then Closed", edited or added to a
 * queue). Rights are numbered 1 to 8 as in the spec (GDPR articles 13/14, 15, 16, 17, 18, 20, 21, 22).
 */
export const GDPR_RIGHTS = {
  1: 'informed', 2: 'access', 3: 'rectification', 4: 'erasure', 5: 'restriction', 6: 'portability', 7: 'objection', 8: 'automatedDecisions',
} as const;
export type GdprRightNumber = keyof typeof GDPR_RIGHTS;
export type GdprRight = (typeof GDPR_RIGHTS)[GdprRightNumber];
export const GDPR_RIGHT_NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8] as const satisfies readonly GdprRightNumber[];

/**
 * Initiation → (Queued) → Closed. Queued is "added to the queue": waiting to be carried out;
 * carrying out the right completes the request, which then closes (STATUS_AFTER_EXECUTION).
 */
export const GDPR_STATUSES = ['initiation', 'queued', 'closed'] as const;
export type GdprStatus = (typeof GDPR_STATUSES)[number];

const TRANSITIONS: Record<GdprStatus, readonly GdprStatus[]> = {
  initiation: ['queued', 'closed'],
  queued: ['initiation', 'closed'],
  closed: [],
};
export const canTransition = (from: GdprStatus, to: GdprStatus) => TRANSITIONS[from].includes(to);
export const STATUS_AFTER_EXECUTION = 'closed' satisfies GdprStatus;
/** A closed request is a record of what was done: it is no longer edited, and no right is executed on it. */
export const isEditable = (status: GdprStatus) => status !== 'closed';

/** What executing the right does to the participant (the web names these consequences before confirming). */
export type GdprEffect = 'recordInformed' | 'export' | 'linkEditors' | 'erase' | 'setRestricted' | 'setObjected' | 'setAutomatedObjected';
export const GDPR_EFFECT: Record<GdprRight, GdprEffect> = {
  informed: 'recordInformed', access: 'export', rectification: 'linkEditors', erasure: 'erase',
  restriction: 'setRestricted', portability: 'export', objection: 'setObjected', automatedDecisions: 'setAutomatedObjected',
};
/** Effects that cannot be undone; they are confirmed by typing who they concern (confirmsErasure). */
export const isIrreversible = (right: GdprRight) => GDPR_EFFECT[right] === 'erase';

/**
 * What the user may type to confirm an irreversible right: the participant's full name (for the
 * roles that read it) or their study code; their id only when neither is known to the user.
 */
export function erasureConfirmationTerms(participant: { id: string; name: string | null; studyCode: string | null }): string[] {
  const terms = [participant.name, participant.studyCode].filter((t): t is string => !!t?.trim());
  return terms.length ? terms : [participant.id];
}
// Spaces and case as the user happens to type them.
const comparable = (text: string) => text.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
export const confirmsErasure = (typed: string, terms: readonly string[]) => !!typed.trim() && terms.some((t) => comparable(t) === comparable(typed));
/** The processing flags of the participant each flag-right sets (migration 007). */
export const PROCESSING_FLAG = {
  restriction: 'processing_restricted', objection: 'processing_objected', automatedDecisions: 'automated_decisions_objected',
} as const satisfies Partial<Record<GdprRight, string>>;

export const gdprRequestInputSchema = z.object({
  participantId: z.uuid(),
  right: z.union(GDPR_RIGHT_NUMBERS.map((n) => z.literal(n))),
  about: z.string().trim().min(1).max(200),
  description: z.string().trim().max(4000).default(''),
}).strict();
export const gdprRequestEditSchema = gdprRequestInputSchema.omit({ participantId: true });
export type GdprRequestInput = z.input<typeof gdprRequestInputSchema>;

/** Files attached to a request: a size limit and a type allow-list (by extension and declared type). */
export const GDPR_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const GDPR_FILE_TYPES: Record<string, readonly string[]> = {
  pdf: ['application/pdf'], txt: ['text/plain'], csv: ['text/csv', 'text/plain'], json: ['application/json'],
  png: ['image/png'], jpg: ['image/jpeg'], jpeg: ['image/jpeg'], zip: ['application/zip', 'application/x-zip-compressed'],
};

/**
 * A file name safe to store and send back: the last path segment, only letters, digits, dot, dash
 * and underscore, no leading dot, at most 120 characters; undefined when nothing usable remains or
 * the extension is not allowed.
 */
export function safeFileName(name: string): string | undefined {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.normalize('NFKD').replace(/[^\w.-]+/g, '_').replace(/^[._]+/, '').replace(/\.{2,}/g, '.').slice(-120);
  const ext = cleaned.includes('.') ? cleaned.split('.').pop()!.toLowerCase() : '';
  return cleaned && ext && ext in GDPR_FILE_TYPES ? cleaned : undefined;
}

/** Character sets a text file may declare: UTF-8 and the legacy encodings of the seven languages. */
export const GDPR_TEXT_CHARSETS: readonly string[] = ['utf-8', 'us-ascii', 'iso-8859-1', 'iso-8859-2', 'iso-8859-7', 'windows-1250', 'windows-1252', 'windows-1253'];

export interface FileType { type: string; charset?: string; canonical: string }

// type/subtype with at most one parameter, charset (RFC 9110 tokens; no other parameter, no line breaks).
const MEDIA_TYPE = /^([a-z0-9][\w!#$&^.+-]*\/[a-z0-9][\w!#$&^.+-]*)(?:[ \t]*;[ \t]*charset=("?)([\w.:-]+)\2)?$/i;
const isText = (type: string) => type.startsWith('text/') || type === 'application/json';

/**
 * The declared type of a file named `name`, in canonical form (lower case, `type; charset=x`), when
 * the extension allows it and the only parameter is a known charset of a text type; else undefined.
 */
export function fileTypeAllowed(name: string, mimeType: string): FileType | undefined {
  const match = MEDIA_TYPE.exec(mimeType);
  if (!match) return undefined;
  const type = match[1].toLowerCase();
  const charset = match[3]?.toLowerCase();
  if (!(GDPR_FILE_TYPES[name.split('.').pop()!.toLowerCase()] ?? []).includes(type)) return undefined;
  if (charset !== undefined && (!type.startsWith('text/') || !GDPR_TEXT_CHARSETS.includes(charset))) return undefined;
  return { type, charset, canonical: charset ? `${type}; charset=${charset}` : type };
}

/** What a content sniffer names for each binary type (a ZIP declared the Windows way is still a ZIP). */
const SNIFFED_AS: Record<string, string> = {
  'application/pdf': 'application/pdf', 'image/png': 'image/png', 'image/jpeg': 'image/jpeg',
  'application/zip': 'application/zip', 'application/x-zip-compressed': 'application/zip',
};

/**
 * Whether the content is what its declared type says: a binary type needs its magic number
 * (`sniffed`, the type a magic-number sniffer found, if any); a text type needs no binary
 * signature, no NUL byte and text valid in its charset (UTF-8 by default), and JSON must parse.
 */
export function contentMatchesType(file: FileType, content: Uint8Array, sniffed: string | undefined): boolean {
  if (!isText(file.type)) return sniffed !== undefined && SNIFFED_AS[file.type] === sniffed;
  if (sniffed !== undefined || content.includes(0)) return false;
  let text: string;
  try {
    text = new TextDecoder(file.charset ?? 'utf-8', { fatal: true }).decode(content);
  } catch {
    return false;
  }
  if (file.type !== 'application/json') return true;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The Content-Type a stored file is served with: its type when still allowed, else an inert download. */
export function servedFileType(name: string, mimeType: string): string {
  return fileTypeAllowed(name, mimeType)?.canonical ?? 'application/octet-stream';
}

/** A GDPR request as the API answers it. */
export const gdprRequestSchema = z.object({
  id: z.string(),
  participantId: z.string(),
  right: z.number().int(),
  rightName: z.string(),
  about: z.string(),
  description: z.string(),
  status: z.enum(GDPR_STATUSES),
  creator: z.string(),
  createdAt: z.string(),
  lastUpdated: z.string(),
  executedAt: z.string().nullable(),
  executedBy: z.string().nullable(),
  /** What carrying out the right did (flags set, records erased ...). */
  outcome: z.record(z.string(), z.unknown()).nullable(),
});
export const gdprRequestPageSchema = z.object({ items: z.array(gdprRequestSchema), total: z.number().int() });
/** One request with its files (without content) and its step log, oldest first. */
export const gdprRequestDetailSchema = gdprRequestSchema.extend({
  participantExists: z.boolean(),
  participantName: z.string().nullable(),
  studyCode: z.string().nullable(),
  files: z.array(z.object({
    id: z.string(), fileName: z.string(), mimeType: z.string(), size: z.number().int(), origin: z.enum(['uploaded', 'generated']),
    uploadStatus: z.enum(['uploaded', 'failed']), uploadedBy: z.string().nullable(), createdAt: z.string(),
  })),
  log: z.array(z.object({ id: z.string(), at: z.string(), actor: z.string(), step: z.string(), details: z.record(z.string(), z.unknown()).nullable() })),
});
