// The error list has no zod (contracts error-codes.ts); the package has no side effects, so this stays small.
import { isErrorCode, type ErrorCode } from '@tarab/contracts';

/**
 * What a failed API call rejects with (spec §8 "Rejection value": the server's `{ message, errors? }`
 * body, else the network error message), re-exported by api-client. The body's `code`, `params` and
 * `field_codes` (decision 062) ride along: the page shows an error by its code (`errorText`,
 * lib/i18n/error-text.ts), never by its English text.
 */
export type FieldErrors = Record<string, string[]>;
export type FieldCodes = Record<string, ErrorCode[]>;
export type ErrorParams = Record<string, string | number>;

/**
 * The codes the client gives a failure the server did not name: no answer (offline, DNS, CORS), an
 * answer the page cannot read (a success body off its schema), an error body without a code (a proxy's
 * 502 page, a server older than decision 062).
 */
type ClientErrorCode = 'network_error' | 'unreadable_answer' | 'unknown';
export type ApiErrorCode = ErrorCode | ClientErrorCode;

type ApiErrorOptions = {
  code?: ApiErrorCode | undefined;
  params?: ErrorParams | undefined;
  errors?: FieldErrors | undefined;
  fieldCodes?: FieldCodes | undefined;
};

/** What every failed call rejects with. `status` is 0 when no response arrived. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly params?: ErrorParams;
  readonly errors?: FieldErrors;
  readonly fieldCodes?: FieldCodes;

  constructor(status: number, message: string, options: ApiErrorOptions = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = options.code ?? (status === 0 ? 'network_error' : 'unknown');
    if (options.params) this.params = options.params;
    if (options.errors) this.errors = options.errors;
    if (options.fieldCodes) this.fieldCodes = options.fieldCodes;
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;

/** The message of an error body without one (the page shows its own text for it). */
export const FALLBACK_MESSAGE = 'Something went wrong';
/** What a call that got no answer rejects with when the browser gave no reason. */
const NETWORK_MESSAGE = 'Network error';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keeps `field → messages` pairs; a single string becomes a one-element list. */
function parseFieldErrors(value: unknown): FieldErrors | undefined {
  if (!isRecord(value)) return undefined;
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    if (typeof messages === 'string') {
      errors[field] = [messages];
    } else if (Array.isArray(messages)) {
      const texts = messages.filter((m): m is string => typeof m === 'string');
      if (texts.length > 0) errors[field] = texts;
    }
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}

/** Keeps `field → codes` pairs of codes the contracts list (a field's unknown code is left out). */
function parseFieldCodes(value: unknown): FieldCodes | undefined {
  if (!isRecord(value)) return undefined;
  const codes: FieldCodes = {};
  for (const [field, list] of Object.entries(value)) {
    const known = (Array.isArray(list) ? list : [list]).filter(isErrorCode);
    if (known.length > 0) codes[field] = known;
  }
  return Object.keys(codes).length > 0 ? codes : undefined;
}

/** Keeps the string and number values of `params`. */
function parseParams(value: unknown): ErrorParams | undefined {
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number',
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/**
 * Turns an error response into an ApiError. `body` is the parsed JSON body, or the raw text when it
 * was not JSON, or undefined when there was none. Tolerant: a body without a (known) code gives code
 * `unknown`, with the message as it came.
 */
export function parseErrorResponse(status: number, body: unknown): ApiError {
  if (isRecord(body)) {
    const errors = parseFieldErrors(body.errors);
    const message =
      typeof body.message === 'string' && body.message.trim() !== ''
        ? body.message
        : (errors && Object.values(errors)[0]?.[0]) || FALLBACK_MESSAGE;
    return new ApiError(status, message, {
      code: isErrorCode(body.code) ? body.code : 'unknown',
      params: parseParams(body.params),
      errors,
      fieldCodes: parseFieldCodes(body.field_codes),
    });
  }
  if (typeof body === 'string' && body.trim() !== '' && body.length <= 300) {
    return new ApiError(status, body.trim(), { code: 'unknown' });
  }
  return new ApiError(status, FALLBACK_MESSAGE, { code: 'unknown' });
}

/** Turns a thrown fetch failure (offline, DNS, CORS…) into an ApiError with status 0. */
export function parseNetworkError(cause: unknown): ApiError {
  if (isApiError(cause)) return cause;
  const message = cause instanceof Error && cause.message.trim() !== '' ? cause.message : NETWORK_MESSAGE;
  return new ApiError(0, message, { code: 'network_error' });
}

/** What a success answer that does not fit the route's schema rejects with. */
export const UNEXPECTED_ANSWER = 'The server sent an answer this page cannot read.';

/** A success status whose body does not fit the route's schema. */
export class UnexpectedAnswerError extends ApiError {
  constructor(status: number) {
    super(status, UNEXPECTED_ANSWER, { code: 'unreadable_answer' });
    this.name = 'UnexpectedAnswerError';
  }
}
