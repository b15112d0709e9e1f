import type { ArtistOrderDto, ArtistSalesSummary } from '@tarab/contracts';
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
    // Buyers are shown to artists by display name only: no email, no receipt (decision 016).
    user: { name: r.buyer_name, email: null },
    payment_details: {
      payment_method: r.payment_method,
      receipt_url: null,
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

/** A printable receipt for the buyer or the track's artist; everyone else gets 404. */
export async function receiptHtml(db: DbOrTx, orderId: number, userId: number): Promise<string> {
  const r = await repo.findReceipt(db, orderId);
  if (!r || (r.buyer_id !== userId && r.artist_user_id !== userId)) throw notFound('Receipt not found');
  const amount = `${(r.amount_cents / 100).toFixed(2)} ${r.currency.toUpperCase()}`;
  const paid = r.paid_at ? toDate(r.paid_at).toISOString().slice(0, 10) : '—';
  const isBuyer = r.buyer_id === userId;
  const rows: [string, string][] = [
    ['Order', `#${r.order_id}`],
    // The payment provider's session id is the buyer's (it opens their checkout and its success page):
    // the artist's receipt names the order only. A cart line's ref is `{session id}#{track id}`.
    ...(isBuyer ? ([['Transaction ID', r.provider_ref.split('#')[0]!]] as [string, string][]) : []),
    ['Date', paid],
    ['Status', r.status],
    ['Track', `${r.track_title} (#${r.track_id}) by ${r.artist_name}`],
    // The artist of the track sees the buyer's display name only (decision 016).
    ['Buyer', isBuyer ? `${r.buyer_name} <${r.buyer_email}>` : r.buyer_name],
    ['Payment method', (r.payment_method ?? '—').toUpperCase()],
    ['Total', amount],
  ];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Receipt #${r.order_id} — Tarab</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1b1530}
h1{font-size:1.5rem}table{width:100%;border-collapse:collapse}td{padding:.5rem;border-bottom:1px solid #ddd}td:first-child{color:#555;width:40%}</style>
</head><body><h1>Tarab — Receipt</h1><table>${rows.map(([k, v]) => `<tr><td>${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`).join('')}</table>
<p>Royalty-free licence: see license.txt in your download.</p></body></html>`;
}
