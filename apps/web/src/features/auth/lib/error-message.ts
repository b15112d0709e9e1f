import { Messages } from '@tarab/contracts/messages';
import { isApiError, type FieldErrors } from '@/lib/api-client';

/** The server's message of a failed call, else the generic one. */
export function errorMessage(error: unknown): string {
  if (isApiError(error) && error.message) return error.message;
  return Messages.somethingWentWrongSentence;
}

/** The `field → messages` of a failed call (422), or none. */
export function fieldErrors(error: unknown): FieldErrors {
  return isApiError(error) && error.errors ? error.errors : {};
}
