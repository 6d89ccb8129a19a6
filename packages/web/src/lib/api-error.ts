import * as z from 'zod/mini';

/** The error body every Geria endpoint answers with. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.optional(z.string()),
    details: z.optional(z.unknown()),
  }),
});

/** Fallback codes (catalogue keys) when a failure carries no error body. */
const CODE_BY_STATUS: Record<number, string> = {
  400: 'errors.validation',
  401: 'errors.unauthorized',
  403: 'errors.forbidden',
  404: 'errors.notFound',
  409: 'errors.conflict',
  429: 'errors.rateLimited',
};

/** A failed call. `code` is a key of the 'messages' catalogue, so screens show `t(code)`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }

  /** Builds the error from a response body, whatever shape the body has. */
  static fromResponse(status: number, body: unknown, statusText = ''): ApiError {
    const parsed = errorBodySchema.safeParse(body);
    if (parsed.success) {
      const { code, message, details } = parsed.data.error;
      return new ApiError(status, code, message ?? code, details);
    }
    const text = typeof body === 'string' && body ? body : statusText;
    return new ApiError(status, CODE_BY_STATUS[status] ?? 'errors.internal', text || `HTTP ${status}`);
  }
}

/** The catalogue key and fallback text to show for any failure. */
export function describeError(error: unknown): { code: string; message: string } {
  if (error instanceof ApiError) return { code: error.code, message: error.message };
  return { code: 'errors.internal', message: error instanceof Error ? error.message : String(error) };
}
