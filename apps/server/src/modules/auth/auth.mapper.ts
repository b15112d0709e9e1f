import type { UserDto } from '@tarab/contracts';
import type { CurrentSubscription, UserRow } from './users.repo.js';

export function toUserDto(user: UserRow, artistId: number | null, subscriptions: CurrentSubscription[]): UserDto {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    type: user.type,
    artist_id: artistId,
    email_verified: user.emailVerifiedAt !== null,
    subscriptions: subscriptions.map((s) => ({
      id: s.id,
      status: s.status,
      stripe_price: s.providerPriceId ?? s.priceCode,
      plan: { id: s.planId, name: s.planName },
      unit_amount: s.amountCents,
      interval: s.interval,
      current_period_end: s.currentPeriodEnd.toISOString(),
      cancel_at_period_end: s.cancelAtPeriodEnd,
      trial_end: s.trialEnd ? s.trialEnd.toISOString() : null,
    })),
    created_at: user.createdAt.toISOString(),
  };
}
