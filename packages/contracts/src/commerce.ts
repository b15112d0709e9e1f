import { z } from './zod.js';
import { Messages } from './messages.js';
import { wholeNumber } from './numbers.js';
import { TrackDto } from './catalog.js';
import { UserDto, UserSubscriptionDto } from './auth.js';
import { ServerErrors } from './error-codes.js';
import { CARD_CVC_PATTERN } from './card.js';

/** Purchases, subscriptions, downloads and artist sales (spec sections 2, 3, 6, 7; commerce issue). */

export const CommerceMessages = {
  alreadyOwned: ServerErrors.already_owned,
  trackNotFound: ServerErrors.track_not_found,
  paymentNotCompleted: ServerErrors.payment_not_completed,
  paymentDeclined: ServerErrors.card_declined,
  insufficientFunds: ServerErrors.insufficient_funds,
  incorrectNumber: ServerErrors.incorrect_number,
  expiredCard: ServerErrors.expired_card,
  incorrectCvc: ServerErrors.incorrect_cvc,
  checkoutNotFound: ServerErrors.checkout_not_found,
  checkoutInProgress: ServerErrors.checkout_in_progress,
  alreadySubscribed: ServerErrors.already_subscribed,
  subscriptionInProgress: ServerErrors.subscription_in_progress,
  subscriptionCheckoutUnavailable: ServerErrors.subscription_checkout_unavailable,
  subscriptionCheckoutIncomplete: ServerErrors.subscription_checkout_incomplete,
  noSubscription: ServerErrors.no_subscription,
  subscriptionRequired: ServerErrors.subscription_required,
  unknownPrice: ServerErrors.unknown_price,
  unknownPaymentMethod: ServerErrors.invalid_payment_method,
  licenseRequired: ServerErrors.license_required,
  linkExpired: ServerErrors.link_expired,
  paymentsNotConfigured: ServerErrors.payments_not_configured,
  invalidSignature: ServerErrors.invalid_signature,
  amountMismatch: ServerErrors.amount_mismatch,
  downloadPreparing: Messages.downloadPreparing,
  tooManyDownloads: Messages.tooManyDownloads,
} as const;

/** Licensed delivery formats: the spec's MP3 (default) and a lossless WAV of the master. */
export const DeliveryFormats = ['mp3', 'wav'] as const;
export type DeliveryFormat = (typeof DeliveryFormats)[number];

/** `?format=` of the zip routes: mp3 (default) or wav. */
export const DeliveryFormatQuery = z.object({
  format: z._default(z.enum(DeliveryFormats, { error: ServerErrors.format_invalid }), 'mp3'),
});

/** One downloadable format of a licensed track, with a label such as "WAV · 24-bit · 44.1 kHz". */
export const DeliveryFormatDto = z.object({ format: z.enum(DeliveryFormats), label: z.string() });
export type DeliveryFormatDto = z.infer<typeof DeliveryFormatDto>;

/** POST /api/user/downloads/{id}/prepare: ready → the zip URL; not yet → try again after `retry_after` s. */
export const PrepareDownloadResponse = z.object({
  message: z.optional(z.string()),
  data: z.object({
    ready: z.boolean(),
    format: z.enum(DeliveryFormats),
    url: z.string(),
    retry_after: z.nullable(z.number().check(z.int())),
  }),
});
export type PrepareDownloadResponse = z.infer<typeof PrepareDownloadResponse>;

/**
 * Whole numbers in JSON bodies: a number, or a string of digits (form-style clients). Nothing else
 * is coerced: `true`, `[5]`, `"1e3"`, `"0x10"` or `" 5"` are not numbers.
 */
const digitsToNumber = (value: unknown) =>
  typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value;

const id = (field: string) =>
  z.pipe(
    z.transform(digitsToNumber),
    z
      .number({
        error: (issue) =>
          issue.input === undefined || issue.input === null
            ? `The ${field} field is required.`
            : `The ${field} must be an integer.`,
      })
      .check(z.int(`The ${field} must be an integer.`))
      .check(z.gte(1, `The ${field} must be a positive id.`))
      .check(z.lte(2_147_483_647, `The ${field} must be a positive id.`)),
  );

/**
 * The buyer's choice at checkout (issue #32 item 11, decision 059): whether the artist of the track sees
 * their email on the Sales page. Optional for clients written before it; on (true) when left out.
 */
export const ShareEmailField = z._default(z.optional(z.boolean({ error: ServerErrors.share_email_not_boolean })), true);

export const CheckoutBody = z.object({
  music_id: id('music id'),
  share_email: ShareEmailField,
  title: z.optional(z.string().check(z.maxLength(300))),
  /** Ignored: the catalog's price is charged. Accepted for compatibility with the spec's client. */
  price: z.optional(z.union([z.number(), z.string().check(z.maxLength(50))])),
});
export const CheckoutResponse = z.object({ checkout_url: z.string(), session_id: z.string() });

export const SuccessQuery = z.object({
  session_id: z.string().check(z.minLength(1)).check(z.maxLength(300)),
  music_id: z.optional(wholeNumber(z.number().check(z.int()).check(z.gte(1)).check(z.lte(2_147_483_647)))),
  price: z.optional(z.string().check(z.maxLength(50))),
});
export const OrderDto = z.object({
  order_id: z.number().check(z.int()),
  music_id: z.number().check(z.int()),
  title: z.string(),
  /** The track's Arabic title, when it has one (the Arabic success page shows it). */
  title_ar: z.optional(z.string()),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  session_id: z.string(),
  payment_method: z.nullable(z.string()),
  receipt_url: z.nullable(z.string()),
  license_key: z.nullable(z.string()),
  paid_at: z.nullable(z.string()),
});
export type OrderDto = z.infer<typeof OrderDto>;
export const SuccessResponse = z.object({ message: z.string(), data: OrderDto });

export const PriceDto = z.object({
  id: z.string(),
  unit_amount: z.number().check(z.int()),
  currency: z.string(),
  recurring: z.object({ interval: z.enum(['month', 'year']), interval_count: z.number().check(z.int()) }),
});
export const ProductDto = z.object({
  id: z.number().check(z.int()),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  features: z.array(z.string()),
  /** The features of `features` the store does not deliver yet: shown as "Coming soon", never as included. */
  coming_soon: z.array(z.string()),
  /** Enterprise has no prices: request a quote. */
  prices: z.array(PriceDto),
});
export type ProductDto = z.infer<typeof ProductDto>;

/**
 * What billing yearly saves against paying monthly, in whole percent (rounded down, so a claim made
 * from it is never more than true): 1 − (yearly ÷ 12) ÷ monthly.
 */
export const yearlySavingPercent = (monthlyCents: number, yearlyCents: number): number =>
  monthlyCents > 0
    ? Math.max(0, Math.floor(((monthlyCents * 12 - yearlyCents) * 100) / (monthlyCents * 12) + 1e-9))
    : 0;

/** The best yearly saving over the plans that have both a monthly and a yearly price ("Save up to …%"). */
export function bestYearlySavingPercent(products: readonly Pick<ProductDto, 'prices'>[]): number | null {
  let best: number | null = null;
  for (const product of products) {
    const month = product.prices.find((p) => p.recurring.interval === 'month' && p.recurring.interval_count === 1);
    const year = product.prices.find((p) => p.recurring.interval === 'year' && p.recurring.interval_count === 1);
    if (!month || !year) continue;
    const saving = yearlySavingPercent(month.unit_amount, year.unit_amount);
    best = best === null ? saving : Math.max(best, saving);
  }
  return best;
}

/** The payment driver: `local` takes the card on our own form, `stripe` on Stripe's hosted Checkout page. */
export const PaymentProviderName = z.enum(['local', 'stripe']);
export const ProductsResponse = z.object({
  data: z.array(ProductDto),
  trial_days: z.number().check(z.int()),
  payment_provider: PaymentProviderName,
});

export const SetupIntentResponse = z.object({
  clientSecret: z.string(),
  provider: PaymentProviderName,
  publishableKey: z.nullable(z.string()),
});
export const SubscribeBody = z.object({
  price_id: z
    .string({ error: ServerErrors.price_id_required })
    .check(z.minLength(1, ServerErrors.price_id_required))
    .check(z.maxLength(200)),
  payment_method: z
    .string({ error: ServerErrors.payment_method_required })
    .check(z.minLength(1, ServerErrors.payment_method_required))
    .check(z.maxLength(200)),
});
/**
 * Whether the free trial applied: once per account (a first subscription) and once per card (the
 * provider's card fingerprint). Without it the subscription starts paid at once.
 */
export const SubscriptionTrial = z.object({
  applied: z.boolean(),
  /** Trial length in days; 0 when it did not apply. */
  days: z.number().check(z.int()),
  reason: z.enum(['first_subscription', 'account_had_subscription', 'card_had_trial', 'no_card', 'email_not_verified']),
});
export type SubscriptionTrial = z.infer<typeof SubscriptionTrial>;
/** POST /api/billing/subscribe: §7 "user and subscription" at the top; `data` as before (with the trial). */
export const SubscribeResponse = z.object({
  message: z.string(),
  user: UserDto,
  subscription: UserSubscriptionDto,
  data: z.object({ user: UserDto, subscription: UserSubscriptionDto, trial: SubscriptionTrial }),
});
/** POST /api/billing/subscription-checkout (the `stripe` driver): a Stripe Checkout page in subscription mode. */
export const SubscriptionCheckoutBody = z.pick(SubscribeBody, { price_id: true });
export const SubscriptionCheckoutResponse = CheckoutResponse;
/** POST /api/billing/subscription-checkout/confirm: the session Stripe sent the user back with. */
export const ConfirmSubscriptionCheckoutBody = z.object({
  session_id: z
    .string({ error: ServerErrors.session_id_required })
    .check(z.minLength(1, ServerErrors.session_id_required))
    .check(z.maxLength(300)),
});
export const CancelSubscriptionResponse = z.object({
  ok: z.boolean(),
  message: z.string(),
  data: z.object({ user: UserDto, subscription: UserSubscriptionDto }),
});

/** Local (test-mode) card entry: never stored, only checked against the published test numbers. */
export const LocalCardBody = z.object({
  card_number: z.string().check(z.minLength(12)).check(z.maxLength(23)),
  exp_month: z.pipe(z.transform(digitsToNumber), z.number().check(z.int()).check(z.gte(1)).check(z.lte(12))),
  exp_year: z.pipe(z.transform(digitsToNumber), z.number().check(z.int()).check(z.gte(2000)).check(z.lte(2100))),
  cvc: z.string().check(z.regex(CARD_CVC_PATTERN, ServerErrors.cvc_invalid)),
  name: z.optional(z.string().check(z.maxLength(200))),
});
export type LocalCardBody = z.infer<typeof LocalCardBody>;
/** `POST /api/local-payments/checkout/{id}/pay`: the card, and the buyer's email choice made on the page (left out: unchanged). */
export const LocalPayBody = z.extend(LocalCardBody, {
  share_email: z.optional(z.boolean({ error: ServerErrors.share_email_not_boolean })),
});
export type LocalPayBody = z.infer<typeof LocalPayBody>;
/** A postal address of billing details (Stripe's `billing_details.address` shape). */
export const BillingAddress = z.object({
  line1: z.string().check(z.maxLength(200)),
  line2: z.optional(z.string().check(z.maxLength(200))),
  city: z.string().check(z.maxLength(100)),
  state: z.optional(z.string().check(z.maxLength(100))),
  postal_code: z.string().check(z.maxLength(20)),
  country: z.string().check(z.length(2)),
});
export type BillingAddress = z.infer<typeof BillingAddress>;
/**
 * The fixed placeholder address the card setup sends with the billing details (spec §7: the
 * store never asks for an address). The server does not store it.
 */
export const PLACEHOLDER_BILLING_ADDRESS: BillingAddress = {
  line1: '1 Placeholder Street',
  city: 'Tel Aviv',
  state: 'Tel Aviv',
  postal_code: '6100000',
  country: 'IL',
};
/** Billing details of a card setup (spec §7): name, email, phone and the placeholder address. */
export const BillingDetails = z.object({
  name: z.optional(z.string().check(z.maxLength(200))),
  email: z.optional(z.string().check(z.maxLength(320))),
  phone: z.optional(z.nullable(z.string().check(z.maxLength(50)))),
  address: z.optional(BillingAddress),
});
export type BillingDetails = z.infer<typeof BillingDetails>;
/** `POST /api/local-payments/setup/confirm`: the card of a setup intent and its billing details. */
export const LocalConfirmSetupBody = z.extend(LocalCardBody, {
  client_secret: z.string().check(z.minLength(1)).check(z.maxLength(200)),
  billing_details: z.optional(BillingDetails),
});
export type LocalConfirmSetupBody = z.infer<typeof LocalConfirmSetupBody>;
export const LocalCheckoutDto = z.object({
  id: z.string(),
  status: z.string(),
  amount: z.number(),
  currency: z.string(),
  title: z.string(),
  /** One track's Arabic title, when it has one (the Arabic checkout page shows it). */
  title_ar: z.optional(z.string()),
  music_id: z.number().check(z.int()),
  /** The line items of a cart checkout (a whole playlist); empty for one track. */
  items: z.optional(z.array(z.object({ title: z.string(), title_ar: z.optional(z.string()), amount: z.number() }))),
  /** Whether the artists will see the buyer's email (the checkbox, as chosen when the checkout started). */
  share_email: z.optional(z.boolean()),
  /** Where the browser goes once paid. */
  success_url: z.optional(z.string()),
});
export const LocalCheckoutResponse = z.object({ data: LocalCheckoutDto });
export const LocalPayResponse = z.object({ redirect_url: z.string() });
export const LocalConfirmSetupResponse = z.object({ payment_method: z.string() });

export const DownloadBody = z
  .object({ music_id: z.optional(id('music id')), loop_id: z.optional(id('loop id')) })
  .check(
    z.refine((b) => b.music_id !== undefined || b.loop_id !== undefined, {
      message: ServerErrors.music_id_required,
      path: ['music_id'],
    }),
  );
export const DownloadResponse = z.object({
  message: z.string(),
  data: z.object({ track_id: z.number().check(z.int()), license_key: z.string(), download_url: z.string() }),
});
export const DownloadLinkResponse = z.object({ data: z.object({ url: z.string(), expires_at: z.string() }) });

export const DownloadDto = z.extend(TrackDto, {
  license_key: z.string(),
  source: z.enum(['purchase', 'subscription']),
  downloaded_at: z.string(),
  download_url: z.string(),
  /** The formats this track can be downloaded in (MP3 first, the spec's default). */
  formats: z.array(DeliveryFormatDto),
});
export type DownloadDto = z.infer<typeof DownloadDto>;
export const DownloadListResponse = z.object({
  data: z.object({
    data: z.object({
      data: z.array(DownloadDto),
      current_page: z.number().check(z.int()),
      per_page: z.number().check(z.int()),
      total: z.number().check(z.int()),
      last_page: z.number().check(z.int()),
    }),
  }),
});

export const ArtistOrderDto = z.object({
  order_id: z.number().check(z.int()),
  created_at: z.string(),
  music: z.object({
    id: z.number().check(z.int()),
    title: z.string(),
    /** The track's Arabic title, when it has one (shown on Arabic pages). */
    title_ar: z.optional(z.string()),
    price: z.number(),
    public_id: z.string(),
    /** `id`: the album page, where the track is listed (the link to the track, decision 018). */
    album: z.nullable(
      z.object({ id: z.number().check(z.int()), title: z.string(), image: z.object({ url: z.string() }) }),
    ),
  }),
  /**
   * The buyer as the artist sees them (spec §2): name and email — the email only when the buyer chose at
   * checkout to share it (`email_shared`; decision 059, replacing 016's "never"), else null.
   */
  user: z.object({ name: z.string(), email: z.nullable(z.string()), email_shared: z.boolean() }),
  payment_details: z.object({
    payment_method: z.nullable(z.string()),
    /** The artist's view of the receipt (`GET /api/orders/{id}/receipt`): the order, never payment references. */
    receipt_url: z.nullable(z.string()),
    amount: z.number(),
    currency: z.string(),
  }),
});
export type ArtistOrderDto = z.infer<typeof ArtistOrderDto>;
/** `GET /api/orders/{id}/receipt?lang=ar`: the receipt in the page's language (English when left out). */
export const ReceiptQuery = z.object({ lang: z.optional(z.enum(['en', 'ar'])) });
export const ArtistSalesSummary = z.object({
  revenue: z.number(),
  orders: z.number().check(z.int()),
  by_month: z.array(z.object({ month: z.string(), revenue: z.number(), orders: z.number().check(z.int()) })),
  top_tracks: z.array(
    z.object({
      id: z.number().check(z.int()),
      title: z.string(),
      revenue: z.number(),
      orders: z.number().check(z.int()),
    }),
  ),
});
export type ArtistSalesSummary = z.infer<typeof ArtistSalesSummary>;
export const ArtistOrdersResponse = z.object({
  data: z.object({ data: z.array(ArtistOrderDto), summary: ArtistSalesSummary }),
});

// ---- parameters that only the route table used to hold on the server --------------------------

/** `GET /api/user/downloads`: the page of the licensed downloads. */
export const DownloadListQuery = z.object({
  page: z._default(z.coerce.number().check(z.int()).check(z.gte(1)).check(z.lte(100_000)), 1),
  per_page: z._default(z.coerce.number().check(z.int()).check(z.gte(1)).check(z.lte(100)), 50),
});
/** A signed download link's token (`/api/downloads/{token}`). */
export const DownloadTokenParam = z.object({ token: z.string().check(z.minLength(1)).check(z.maxLength(400)) });
/** A local test-mode checkout session id. */
export const LocalSessionParam = z.object({ id: z.string().check(z.regex(/^cs_local_[a-f0-9]{24}$/)) });
/** The Stripe webhook's signature header. */
export const StripeWebhookHeaders = z.object({ 'stripe-signature': z.optional(z.string().check(z.maxLength(4000))) });
export const StripeWebhookResponse = z.object({ received: z.literal(true), duplicate: z.optional(z.literal(true)) });
