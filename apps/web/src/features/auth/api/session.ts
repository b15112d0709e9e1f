import type { QueryClient } from '@tanstack/react-query';
import { Messages } from '@tarab/contracts/messages';
import { UnexpectedAnswerError } from '@/lib/api-client';
import { commonMessages } from '@/lib/i18n/common-messages';
import { parseUser } from '../lib/parse-user';
import { writeCachedUser } from '../lib/user-cache';
import type { User } from '../types';
import { meQueryKey } from './get-me';

/** What a login, registration or Google sign-in says of an answer without token: its spec text's key. */
export type InvalidAnswerText = 'loginInvalidResponse' | 'registrationFailed' | 'googleLoginFailed';

/** Thrown when a login or registration answer has no token or no user (spec §8). */
export class InvalidAuthResponseError extends Error {
  /** The page's text for it (`intl.formatMessage(error.text)`); `message` is the spec's English. */
  readonly text: (typeof commonMessages)[InvalidAnswerText];
  constructor(key: InvalidAnswerText) {
    super(Messages[key]);
    this.name = 'InvalidAuthResponseError';
    this.text = commonMessages[key];
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Spec §8: an answer without a token (or a user) is `…: Invalid response`, whatever else is wrong with it.
 */
export function orInvalidAuthResponse<T>(answer: Promise<T>, invalidMessage: InvalidAnswerText): Promise<T> {
  return answer.catch((error: unknown) => {
    throw error instanceof UnexpectedAnswerError ? new InvalidAuthResponseError(invalidMessage) : error;
  });
}

/**
 * Reads `{ data: { user, token } }` (login and registration). The SPA never keeps the
 * token (the HttpOnly cookie is the session); it only checks one came back.
 */
export function readAuthResponse(body: unknown, invalidMessage: InvalidAnswerText): User {
  const data = isRecord(body) ? body.data : undefined;
  const token = isRecord(data) ? data.token : undefined;
  const user = isRecord(data) ? parseUser({ user: data.user }) : null;
  if (typeof token !== 'string' || token === '' || !user) throw new InvalidAuthResponseError(invalidMessage);
  return user;
}

/**
 * A new session started: show the user at once, then re-read `/api/me` (the cookie is the
 * truth) and every other query, since answers differ for logged-in callers (prices).
 */
export function startSession(queryClient: QueryClient, user: User): void {
  writeCachedUser(user);
  queryClient.setQueryData(meQueryKey, user);
  void queryClient.invalidateQueries();
}
