import { Messages } from '@tarab/contracts';

export type FieldErrors = Record<string, string[]>;

/** The one error type services and routes throw; the error handler turns it into `{ message, errors? }`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'AppError';
  }
}

export const notFound = (message: string = Messages.notFound) => new AppError(404, message);
export const unauthenticated = () => new AppError(401, Messages.unauthenticated);
export const forbidden = (message: string = Messages.forbidden) => new AppError(403, message);
export const badRequest = (message: string, errors?: FieldErrors) => new AppError(400, message, errors);
export const unprocessable = (message: string, errors?: FieldErrors) => new AppError(422, message, errors);
export const conflict = (message: string) => new AppError(409, message);
