import { UserDto, type MeResponse } from '@tarab/contracts';
import type { User } from '@/features/auth/types';

/** The server's whole user (`UserDto`) for a test user: what /api/me, login and sign-up answer. */
export const userDto = (user: User): UserDto =>
  UserDto.parse({
    id: Number(user.id),
    name: user.name,
    email: user.email,
    phone: user.phone ?? null,
    type: user.type,
    artist_id: user.type === 'artist' ? 7 : null,
    email_verified: user.email_verified ?? true,
    subscriptions: user.subscriptions ?? [],
    created_at: '2026-01-01T00:00:00.000Z',
  });
/** `GET /api/me`'s answer for a test user (the user at the top and in `data.user`). */
export const meBody = (user: User): MeResponse => ({ ...userDto(user), data: { user: userDto(user) } });
