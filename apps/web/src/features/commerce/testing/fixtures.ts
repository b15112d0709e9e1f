import type {
  Api,
  RouteResult,
  DownloadDto,
  ProductDto,
  SubscriptionTrial,
  TrackDto,
  UserSubscriptionDto,
} from '@tarab/contracts';
import { userDto } from '@/testing/make-user';
import { makeTrack as makeAnyTrack } from '@/testing/make-track';

export const products: ProductDto[] = [
  {
    id: 3,
    code: 'enterprise',
    name: 'Enterprise',
    description: 'Request a quote.',
    features: ['Unlimited channels'],
    coming_soon: ['Unlimited channels'],
    prices: [],
  },
  {
    id: 2,
    code: 'pro',
    name: 'Pro',
    description: 'For professionals and small teams.',
    features: [
      '3 channels',
      '50k voiceover credits per month',
      '3 voice replicas',
      'Unlimited downloads of music and loops',
    ],
    coming_soon: ['3 channels', '50k voiceover credits per month', '3 voice replicas'],
    prices: [
      { id: 'pro_year', unit_amount: 14388, currency: 'usd', recurring: { interval: 'year', interval_count: 1 } },
      { id: 'pro_month', unit_amount: 2999, currency: 'usd', recurring: { interval: 'month', interval_count: 1 } },
    ],
  },
  {
    id: 1,
    code: 'creator',
    name: 'Creator',
    description: 'For creators publishing on one channel.',
    features: ['1 channel', 'Unlimited downloads of music and loops'],
    coming_soon: ['1 channel'],
    prices: [
      { id: 'creator_year', unit_amount: 7188, currency: 'usd', recurring: { interval: 'year', interval_count: 1 } },
      { id: 'creator_month', unit_amount: 1499, currency: 'usd', recurring: { interval: 'month', interval_count: 1 } },
    ],
  },
];

export const productsBody = { data: products, trial_days: 30, payment_provider: 'local' as const };

export function makeSubscription(overrides: Partial<UserSubscriptionDto> = {}): UserSubscriptionDto {
  return {
    id: 9,
    status: 'trialing',
    stripe_price: 'pro_month',
    plan: { id: 2, name: 'Pro' },
    unit_amount: 2999,
    interval: 'month',
    current_period_end: '2030-03-05T12:00:00.000Z',
    cancel_at_period_end: false,
    trial_end: '2030-03-05T12:00:00.000Z',
    ...overrides,
  };
}

export function makeTrack(overrides: Partial<TrackDto> = {}): TrackDto {
  return makeAnyTrack(overrides.id ?? 11, {
    title: 'Desert Caravan',
    price: 4.99,
    album: { id: 1, title: 'Sands', image: { url: '/media/images/a1.svg' } },
    artist: { id: 1, name: 'Layla' },
    duration: '2:41',
    duration_seconds: 161,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });
}

export function makeDownload(overrides: Partial<DownloadDto> = {}): DownloadDto {
  return {
    ...makeTrack(),
    license_key: 'TRB-AAAA-BBBB-CCCC',
    source: 'purchase',
    downloaded_at: '2026-02-01T00:00:00.000Z',
    download_url: '/api/downloads/token-11',
    formats: [
      { format: 'mp3', label: 'MP3 · 320 kbps' },
      { format: 'wav', label: 'WAV · 24-bit · 44.1 kHz' },
    ],
    ...overrides,
  };
}

export const downloadsBody = (items: DownloadDto[]) => ({
  data: { data: { data: items, current_page: 1, per_page: 100, total: items.length, last_page: 1 } },
});

const subscriber = userDto({ id: 1, name: 'Amira Haddad', email: 'amira@example.com', type: 'user' });

/** The answer of subscribe (and of the hosted checkout's confirmation) for a subscription. */
export const subscribeBody = (
  subscription: UserSubscriptionDto,
  trial: SubscriptionTrial,
): RouteResult<typeof Api.commerce.subscribe> => {
  const user = { ...subscriber, subscriptions: [subscription] };
  return { message: 'Subscription Created.', user, subscription, data: { user, subscription, trial } };
};

/** The answer of cancel-subscription. */
export const cancelBody = (subscription: UserSubscriptionDto) => ({
  ok: true,
  message: 'User unsubcribed Succesfully.',
  data: { user: { ...subscriber, subscriptions: [subscription] }, subscription },
});
