import { errorMessage, type ErrorBody, type ErrorCode, type ErrorParams, type PlainErrorCode } from '@tarab/contracts';

export type FieldErrors = Record<string, string[]>;
export type FieldCodes = Partial<Record<string, ErrorCode[]>>;

/** What an error may carry besides its status and code. */
export interface AppErrorOptions {
  /** Field → English messages (the `errors` of the answer). */
  errors?: FieldErrors;
  /** Field → codes of those messages (the `field_codes` of the answer), where they have one. */
  fieldCodes?: FieldCodes;
  /** Headers of the answer (Retry-After, Content-Range, X-Card-Error). */
  headers?: Record<string, string>;
  /** What went wrong inside (logged for 5xx, never answered). */
  cause?: unknown;
}

/** `[params, options?]` after the code: params required when the code's message has values. */
export type ParamsAndOptions<C extends ErrorCode, O> =
  ErrorParams<C> extends undefined ? [params?: undefined, options?: O] : [params: ErrorParams<C>, options?: O];

/**
 * The one error type services and routes throw; the error handler answers it as
 * `{ code, message, params?, errors?, field_codes? }` (decision 062). The message is the code's entry
 * of the contracts' table (`ServerErrors`), so a code and its text cannot drift:
 *
 *   throw new AppError(409, 'already_owned');
 *   throw new AppError(413, 'file_too_large', { max_mb: 50 });
 *   throw new AppError(429, 'too_many_requests', undefined, { headers: { 'Retry-After': '60' } });
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly params: Record<string, string | number> | undefined;
  readonly errors: FieldErrors | undefined;
  readonly fieldCodes: FieldCodes | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    readonly status: number,
    readonly code: C,
    ...[params, options = {}]: ParamsAndOptions<C, AppErrorOptions>
  ) {
    const values = params as Record<string, string | number> | undefined;
    super(
      (options as { message?: string }).message ?? messageOf(code, values),
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = 'AppError';
    this.params = values;
    this.errors = options.errors;
    this.fieldCodes = options.fieldCodes;
    this.headers = options.headers;
  }

  /** The answer's body. */
  toBody(): ErrorBody {
    const fieldCodes = Object.entries(this.fieldCodes ?? {}).filter(
      (entry): entry is [string, ErrorCode[]] => (entry[1]?.length ?? 0) > 0,
    );
    return {
      code: this.code,
      message: this.message,
      ...(this.params ? { params: this.params } : {}),
      ...(this.errors ? { errors: this.errors } : {}),
      ...(fieldCodes.length > 0 ? { field_codes: Object.fromEntries(fieldCodes) } : {}),
    };
  }
}

const messageOf = errorMessage as (code: ErrorCode, params?: unknown) => string;

export const notFound = (code: PlainErrorCode = 'not_found') => new AppError(404, code);
export const unauthenticated = () => new AppError(401, 'unauthenticated');
export const forbidden = (code: PlainErrorCode = 'forbidden') => new AppError(403, code);
export const conflict = (code: PlainErrorCode) => new AppError(409, code);

/**
 * 422 on one field: the code's message, as the answer's message and as the field's, and the code in
 * `field_codes` (`fieldError('email_taken', 'email')`; another status with `{ status: 402 }`).
 */
export function fieldError<C extends ErrorCode>(
  code: C,
  field: string,
  ...[params, options = {}]: ParamsAndOptions<C, { status?: number; headers?: Record<string, string> }>
): AppError {
  const message = messageOf(code, params);
  return new AppError<ErrorCode>(options.status ?? 422, code, params as undefined, {
    errors: { [field]: [message] },
    fieldCodes: { [field]: [code] },
    ...(options.headers ? { headers: options.headers } : {}),
  });
}

/**
 * A field map of several fields (`validation_failed`, 422; `invalid_filter`/`invalid_request`, 400):
 * the message of `validation_failed` is the first field's message, as the sign-up screen shows it.
 */
export function validationFailed(errors: FieldErrors, fieldCodes?: FieldCodes): AppError {
  const first = Object.values(errors)[0]?.[0];
  const options: AppErrorOptions & { message?: string } = { errors, fieldCodes, ...(first ? { message: first } : {}) };
  return new AppError(422, 'validation_failed', undefined, options);
}

/** 400 for query or path values that do not fit: `Invalid request: field, …` with the field map. */
export function invalidRequest(errors: FieldErrors, fieldCodes?: FieldCodes): AppError {
  return new AppError(400, 'invalid_request', { fields: Object.keys(errors).join(', ') }, { errors, fieldCodes });
}
