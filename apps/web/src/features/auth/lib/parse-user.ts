import type { User } from '../types';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toUser(value: unknown): User | null {
  if (!isRecord(value)) return null;
  const { id, email, name, type, phone, subscriptions, email_verified } = value;
  if (typeof email !== 'string' && typeof id !== 'string' && typeof id !== 'number') return null;
  const user: User = {
    id: typeof id === 'string' || typeof id === 'number' ? id : String(email),
    name: typeof name === 'string' ? name : '',
    email: typeof email === 'string' ? email : '',
    type: typeof type === 'string' ? type : 'user',
  };
  if (typeof phone === 'string' || phone === null) user.phone = phone;
  if (Array.isArray(subscriptions)) user.subscriptions = subscriptions;
  if (typeof email_verified === 'boolean') user.email_verified = email_verified;
  return user;
}

/**
 * Reads the user out of a `/api/me` body. Accepts `{ data: { user } }`, `{ data: user }`,
 * `{ user }` and a bare user object.
 */
export function parseUser(body: unknown): User | null {
  if (!isRecord(body)) return null;
  if (isRecord(body.data)) {
    return toUser(body.data.user) ?? toUser(body.data);
  }
  return toUser(body.user) ?? toUser(body);
}
