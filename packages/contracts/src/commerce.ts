import { z } from 'zod';
import { wholeNumber } from './numbers.js';
import { TrackDto } from './catalog.js';
import { UserDto, UserSubscriptionDto } from './auth.js';

/** Purchases, subscriptions, downloads and artist sales (spec sections 2, 3, 6, 7; commerce issue). */

export const CommerceMessages = {
  alreadyOwned: 'You already own this track.',
  trackNotFound: 'Track not found',
  paymentNotCompleted: 'The payment has not been completed.',
  paymentDeclined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  incorrectNumber: 'Your card number is incorrect.',
  expiredCard: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  checkoutNotFound: 'Checkout session not found',
  checkoutInProgress: 'A checkout for this track is already in progress. Please try again.',
  alreadySubscribed: 'You already have an active subscription.',
  noSubscription: 'You do not have an active subscription.',
  subscriptionRequired: 'An active subscription is required to download this track. Buy it or subscribe.',
  unknownPrice: 'The selected price is invalid.',
  unknownPaymentMethod: 'The payment method is invalid.',
  licenseRequired: 'You need a license for this track to download it.',
  linkExpired: 'This download link has expired or is invalid.',
  paymentsNotConfigured: 'Payments are not configured.',
  invalidSignature: 'Invalid webhook signature.',
  amountMismatch: 'The paid amount does not match the order.',
} as const;

/**
 * Whole numbers in JSON bodies: a number, or a string of digits (form-style clients). Nothing else
 * is coerced: `true`, `[5]`, `"1e3"`, `"0x10"` or `" 5"` are not numbers.
 */
const digitsToNumber = (value: unknown) =>
  typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value;

const id = (field: string) =>
  z.preprocess(
    digitsToNumber,
    z
      .number({
        error: (issue) =>
          issue.input === undefined || issue.input === null
            ? `The ${field} field is required.`
            : `The ${field} must be an integer.`,
      })
      .int(`The ${field} must be an integer.`)
      .min(1, `The ${field} must be a positive id.`)
      .max(2_147_483_647, `The ${field} must be a positive id.`),
  );

export const CheckoutBody = z.object({
  music_id: id('music id'),
  title: z.string().max(300).optional(),
  /** Ignored: the catalog's price is charged. Accepted for compatibility with the spec's client. */
  price: z.union([z.number(), z.string().max(50)]).optional(),
});
export const CheckoutResponse = z.object({ checkout_url: z.string(), session_id: z.string() });

export const SuccessQuery = z.object({
  session_id: z.string().min(1).max(300),
  music_id: wholeNumber(z.number().int().min(1).max(2_147_483_647)).optional(),
  price: z.string().max(50).optional(),
});
export const OrderDto = z.object({
  order_id: z.number().int(),
  music_id: z.number().int(),
  title: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  session_id: z.string(),
  payment_method: z.string().nullable(),
  receipt_url: z.string().nullable(),
  license_key: z.string().nullable(),
  paid_at: z.string().nullable(),
});
export type OrderDto = z.infer<typeof OrderDto>;
export const SuccessResponse = z.object({ message: z.string(), data: OrderDto });

export const PriceDto = z.object({
  id: z.string(),
  unit_amount: z.number().int(),
  currency: z.string(),
  recurring: z.object({ interval: z.enum(['month', 'year']), interval_count: z.number().int() }),
});
export const ProductDto = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  features: z.array(z.string()),
  /** Enterprise has no prices: request a quote. */
  prices: z.array(PriceDto),
});
export type ProductDto = z.infer<typeof ProductDto>;
export const ProductsResponse = z.object({ data: z.array(ProductDto), trial_days: z.number().int() });

export const SetupIntentResponse = z.object({
  clientSecret: z.string(),
  provider: z.enum(['local', 'stripe']),
  publishableKey: z.string().nullable(),
});
export const SubscribeBody = z.object({
  price_id: z.string({ error: 'The price id field is required.' }).min(1, 'The price id field is required.').max(200),
  payment_method: z
    .string({ error: 'The payment method field is required.' })
    .min(1, 'The payment method field is required.')
    .max(200),
});
export const SubscribeResponse = z.object({
  message: z.string(),
  data: z.object({ user: UserDto, subscription: UserSubscriptionDto }),
});
export const CancelSubscriptionResponse = z.object({
  ok: z.boolean(),
  message: z.string(),
  data: z.object({ user: UserDto, subscription: UserSubscriptionDto }),
});

/** Local (test-mode) card entry: never stored, only checked against the published test numbers. */
export const LocalCardBody = z.object({
  card_number: z.string().min(12).max(23),
  exp_month: z.preprocess(digitsToNumber, z.number().int().min(1).max(12)),
  exp_year: z.preprocess(digitsToNumber, z.number().int().min(2000).max(2100)),
  cvc: z.string().regex(/^\d{3,4}$/, 'The CVC must be 3 or 4 digits.'),
  name: z.string().max(200).optional(),
});
export type LocalCardBody = z.infer<typeof LocalCardBody>;
export const LocalCheckoutDto = z.object({
  id: z.string(),
  status: z.string(),
  amount: z.number(),
  currency: z.string(),
  title: z.string(),
  music_id: z.number().int(),
});
export const LocalCheckoutResponse = z.object({ data: LocalCheckoutDto });
export const LocalPayResponse = z.object({ redirect_url: z.string() });
export const LocalConfirmSetupResponse = z.object({ payment_method: z.string() });

export const DownloadBody = z
  .object({ music_id: id('music id').optional(), loop_id: id('loop id').optional() })
  .refine((b) => b.music_id !== undefined || b.loop_id !== undefined, {
    message: 'The music id field is required.',
    path: ['music_id'],
  });
export const DownloadResponse = z.object({
  message: z.string(),
  data: z.object({ track_id: z.number().int(), license_key: z.string(), download_url: z.string() }),
});
export const DownloadLinkResponse = z.object({ data: z.object({ url: z.string(), expires_at: z.string() }) });

export const DownloadDto = TrackDto.extend({
  license_key: z.string(),
  source: z.enum(['purchase', 'subscription']),
  downloaded_at: z.string(),
  download_url: z.string(),
});
export type DownloadDto = z.infer<typeof DownloadDto>;
export const DownloadListResponse = z.object({
  data: z.object({
    data: z.object({
      data: z.array(DownloadDto),
      current_page: z.number().int(),
      per_page: z.number().int(),
      total: z.number().int(),
      last_page: z.number().int(),
    }),
  }),
});

export const ArtistOrderDto = z.object({
  order_id: z.number().int(),
  created_at: z.string(),
  music: z.object({
    id: z.number().int(),
    title: z.string(),
    price: z.number(),
    public_id: z.string(),
    album: z.object({ title: z.string(), image: z.object({ url: z.string() }) }).nullable(),
  }),
  user: z.object({ name: z.string(), email: z.string() }),
  payment_details: z.object({
    payment_method: z.string().nullable(),
    receipt_url: z.string().nullable(),
    amount: z.number(),
    currency: z.string(),
  }),
});
export type ArtistOrderDto = z.infer<typeof ArtistOrderDto>;
export const ArtistSalesSummary = z.object({
  revenue: z.number(),
  orders: z.number().int(),
  by_month: z.array(z.object({ month: z.string(), revenue: z.number(), orders: z.number().int() })),
  top_tracks: z.array(
    z.object({ id: z.number().int(), title: z.string(), revenue: z.number(), orders: z.number().int() }),
  ),
});
export type ArtistSalesSummary = z.infer<typeof ArtistSalesSummary>;
export const ArtistOrdersResponse = z.object({
  data: z.object({ data: z.array(ArtistOrderDto), summary: ArtistSalesSummary }),
});
