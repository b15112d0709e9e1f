import { Api, pathOf, type ArtistOrderDto, type ArtistSalesSummary } from '@tarab/contracts';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import * as repo from './analytics.repo.js';

const toDate = (v: string | Date) => (v instanceof Date ? v : new Date(v));
const media = (key: string) => `/media/${key}`;

export async function artistOrders(
  db: DbOrTx,
  userId: number,
): Promise<{ data: ArtistOrderDto[]; summary: ArtistSalesSummary }> {
  const rows = await repo.findOrdersOfArtistUser(db, userId);
  const data = rows.map((r) => ({
    order_id: r.order_id,
    created_at: toDate(r.paid_at ?? r.created_at).toISOString(),
    music: {
      id: r.track_id,
      title: r.track_title,
      ...(r.track_title_ar ? { title_ar: r.track_title_ar } : {}),
      price: r.price_cents / 100,
      public_id: media(r.preview_key),
      album:
        r.album_id !== null && r.album_title && r.album_image
          ? { id: r.album_id, title: r.album_title, image: { url: media(r.album_image) } }
          : null,
    },
    // The buyer's name, and their email only when they chose to share it at checkout (decision 059).
    user: {
      name: r.buyer_name,
      email: r.buyer_email_shared ? r.buyer_email : null,
      email_shared: r.buyer_email_shared,
    },
    payment_details: {
      payment_method: r.payment_method,
      // Our receipt (the artist's view of it), never the provider's: that one is the buyer's.
      receipt_url: pathOf(Api.analytics.receipt, { id: r.order_id }),
      amount: r.amount_cents / 100,
      currency: r.currency,
    },
  }));
  const { totals, byMonth, topTracks } = await repo.summarizeSalesOfArtistUser(db, userId);
  const cents = (n: number) => Math.round(n) / 100;
  return {
    data,
    summary: {
      revenue: cents(totals.revenue_cents),
      orders: totals.orders,
      by_month: byMonth.map((m) => ({ month: m.month, revenue: cents(m.revenue_cents), orders: m.orders })),
      top_tracks: topTracks.map((t) => ({
        id: t.id,
        title: t.title,
        revenue: cents(t.revenue_cents),
        orders: t.orders,
      })),
    },
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type ReceiptLang = 'en' | 'ar';

/** The receipt's words in both of the store's languages (the artist's Sales page opens it in its own). */
const receiptText = {
  en: {
    title: 'Receipt',
    order: 'Order',
    transaction: 'Transaction ID',
    date: 'Date',
    status: 'Status',
    track: 'Track',
    by: 'by',
    licence: 'Licence',
    licenceType: 'Royalty-free licence, single-track purchase',
    licenceKey: 'Licence key',
    revoked: 'revoked',
    buyer: 'Buyer',
    emailPrivate: 'kept their email private',
    paymentMethod: 'Payment method',
    total: 'Total',
    footer: 'Royalty-free licence: see license.txt in the download.',
    statuses: { paid: 'Paid', pending: 'Pending', failed: 'Failed', expired: 'Expired', refunded: 'Refunded' },
  },
  ar: {
    title: 'إيصال',
    order: 'الطلب',
    transaction: 'رقم المعاملة',
    date: 'التاريخ',
    status: 'الحالة',
    track: 'المقطوعة',
    by: 'لـ',
    licence: 'الترخيص',
    licenceType: 'ترخيص خالٍ من حقوق الاستخدام، شراء مقطوعة واحدة',
    licenceKey: 'مفتاح الترخيص',
    revoked: 'ملغى',
    buyer: 'المشتري',
    emailPrivate: 'أبقى بريده الإلكتروني خاصًا',
    paymentMethod: 'طريقة الدفع',
    total: 'المجموع',
    footer: 'ترخيص خالٍ من حقوق الاستخدام: انظر license.txt في التنزيل.',
    statuses: { paid: 'مدفوع', pending: 'قيد الانتظار', failed: 'فشل', expired: 'منتهي', refunded: 'مسترد' },
  },
} as const;

/** Left-to-right runs (ids, keys, amounts, emails) isolated inside the Arabic receipt. */
const isolate = (lang: ReceiptLang, value: string) => (lang === 'ar' ? `\u2068${value}\u2069` : value);

/**
 * A printable receipt for the buyer or the track's artist; everyone else gets 404. The artist's view
 * (decision 059) shows the order — track, amount, date, licence key and type, status — and the buyer's
 * name, with their email only when they chose to share it; never the payment provider's session id,
 * payment references or card details, which are the buyer's.
 */
export async function receiptHtml(
  db: DbOrTx,
  orderId: number,
  userId: number,
  lang: ReceiptLang = 'en',
): Promise<string> {
  const r = await repo.findReceipt(db, orderId);
  if (!r || (r.buyer_id !== userId && r.artist_user_id !== userId)) throw notFound('receipt_not_found');
  const text = receiptText[lang];
  const amount = isolate(lang, `${(r.amount_cents / 100).toFixed(2)} ${r.currency.toUpperCase()}`);
  const paid = isolate(
    lang,
    toDate(r.paid_at ?? r.created_at)
      .toISOString()
      .slice(0, 10),
  );
  const isBuyer = r.buyer_id === userId;
  const title = lang === 'ar' && r.track_title_ar ? r.track_title_ar : r.track_title;
  const status = (text.statuses as Record<string, string>)[r.status] ?? r.status;
  const email = isBuyer || r.buyer_email_shared ? isolate(lang, `<${r.buyer_email}>`) : `(${text.emailPrivate})`;
  const rows: [string, string][] = [
    [text.order, isolate(lang, `#${r.order_id}`)],
    // The payment provider's session id is the buyer's (it opens their checkout and its success page):
    // the artist's receipt names the order only. A cart line's ref is `{session id}#{track id}`.
    ...(isBuyer ? ([[text.transaction, isolate(lang, r.provider_ref.split('#')[0]!)]] as [string, string][]) : []),
    [text.date, paid],
    [text.status, status],
    [text.track, `${title} (${isolate(lang, `#${r.track_id}`)}) ${text.by} ${r.artist_name}`],
    [text.licence, text.licenceType],
    ...(r.license_key
      ? ([[text.licenceKey, `${isolate(lang, r.license_key)}${r.license_revoked ? ` (${text.revoked})` : ''}`]] as [
          string,
          string,
        ][])
      : []),
    [text.buyer, `${r.buyer_name} ${email}`],
    [text.paymentMethod, isolate(lang, (r.payment_method ?? '—').toUpperCase())],
    [text.total, amount],
  ];
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const brand = lang === 'ar' ? 'طرب' : 'Tarab';
  return `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(text.title)} #${r.order_id} — ${brand}</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1b1530}
h1{font-size:1.5rem}table{width:100%;border-collapse:collapse}td{padding:.5rem;border-bottom:1px solid #ddd;overflow-wrap:anywhere}td:first-child{color:#555;width:40%}</style>
</head><body><h1>${brand} — ${escapeHtml(text.title)}</h1><table>${rows.map(([k, v]) => `<tr><td>${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`).join('')}</table>
<p>${escapeHtml(text.footer)}</p></body></html>`;
}
