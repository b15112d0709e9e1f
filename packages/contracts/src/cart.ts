import { z } from './zod.js';
import { DeliveryFormats, ShareEmailField } from './commerce.js';
import { ServerErrors } from './error-codes.js';

/**
 * Licensing a whole playlist in one checkout (issue #20 item 5, decision 036): the playlist's
 * unowned, published music tracks as the line items of one cart checkout, one licence per track.
 */

/** At most this many tracks in one checkout (Stripe Checkout takes 100 line items in payment mode). */
export const MAX_CART_ITEMS = 100;

export const CartMessages = {
  nothingToLicense: ServerErrors.nothing_to_license,
  tooManyItems: ServerErrors.too_many_cart_items({ max: MAX_CART_ITEMS }),
  subscribersDownloadFree: ServerErrors.subscribers_download_free,
  cartInProgress: ServerErrors.cart_in_progress,
  trackInCart: ServerErrors.track_in_cart,
} as const;

/** Why a playlist track is not in the checkout. */
export const CartExclusionReasons = ['owned', 'loop', 'unpublished', 'in_checkout'] as const;
export type CartExclusionReason = (typeof CartExclusionReasons)[number];

export const CartLineDto = z.object({
  music_id: z.number().check(z.int()),
  title: z.string(),
  /** Dollars. */
  amount: z.number(),
});
export type CartLineDto = z.infer<typeof CartLineDto>;

export const CartExclusionDto = z.object({
  music_id: z.number().check(z.int()),
  title: z.string(),
  reason: z.enum(CartExclusionReasons),
});
export type CartExclusionDto = z.infer<typeof CartExclusionDto>;

/** GET /api/playlists/{id}/license-all: what one checkout would license now, and what it leaves out. */
export const CartQuoteDto = z.object({
  playlist_id: z.number().check(z.int()),
  name: z.string(),
  items: z.array(CartLineDto),
  excluded: z.array(CartExclusionDto),
  count: z.number().check(z.int()),
  /** Dollars: the sum of the items' catalog prices (what is charged). */
  total: z.number(),
  currency: z.string(),
  /** A live subscription: music downloads are free, so there is nothing to buy (the checkout answers 409). */
  subscriber: z.boolean(),
  max_items: z.number().check(z.int()),
});
export type CartQuoteDto = z.infer<typeof CartQuoteDto>;
export const CartQuoteResponse = z.object({ data: CartQuoteDto });

/** POST /api/playlists/{id}/license-all: where the browser goes to pay (the same answer for a repeated click). */
export const CartCheckoutResponse = z.object({
  checkout_url: z.string(),
  session_id: z.string(),
  count: z.number().check(z.int()),
  total: z.number(),
});
export type CartCheckoutResponse = z.infer<typeof CartCheckoutResponse>;

/** POST /api/playlists/{id}/license-all: the buyer's email choice (optional body; on when left out). */
export const CartCheckoutBody = z.nullish(z.object({ share_email: ShareEmailField }));

export const CartSuccessQuery = z.object({ session_id: z.string().check(z.minLength(1)).check(z.maxLength(300)) });

export const CartOrderItemDto = z.object({
  order_id: z.number().check(z.int()),
  music_id: z.number().check(z.int()),
  title: z.string(),
  /** The track's Arabic title, when it has one (the Arabic success page shows it). */
  title_ar: z.optional(z.string()),
  amount: z.number(),
  license_key: z.nullable(z.string()),
  receipt_url: z.nullable(z.string()),
});
export type CartOrderItemDto = z.infer<typeof CartOrderItemDto>;

export const CartOrderDto = z.object({
  cart_order_id: z.number().check(z.int()),
  playlist_id: z.nullable(z.number().check(z.int())),
  playlist_name: z.string(),
  status: z.string(),
  amount: z.number(),
  currency: z.string(),
  session_id: z.string(),
  payment_method: z.nullable(z.string()),
  paid_at: z.nullable(z.string()),
  /** The zip of every licensed track of the order (each with its license.txt and certificate). */
  zip_url: z.nullable(z.string()),
  items: z.array(CartOrderItemDto),
});
export type CartOrderDto = z.infer<typeof CartOrderDto>;
/** GET /api/cart/success: confirms a paid cart checkout (once) and answers the order. */
export const CartSuccessResponse = z.object({ message: z.string(), data: CartOrderDto });
export type CartSuccessResponse = z.infer<typeof CartSuccessResponse>;

export const CartZipQuery = z.object({
  format: z._default(z.enum(DeliveryFormats, { error: ServerErrors.format_invalid }), 'mp3'),
});
