import { Messages } from '@tarab/contracts/messages';
import { serverText } from '@/lib/i18n/server-messages';
import type { CartExclusionReason } from '@tarab/contracts';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ShieldCheckIcon } from '@/components/ui/icons';
import { isApiError } from '@/lib/api-client';
import { useCartQuote, useStartCartCheckout } from '../api/license-playlist';
import { formatDollars } from '../lib/money';

const REASON: Record<CartExclusionReason, string> = {
  owned: 'already licensed',
  loop: 'loop: loops come with a subscription',
  unpublished: 'no longer on sale',
  in_checkout: 'in another open checkout',
};

const tracksText = (n: number) => `${n} ${n === 1 ? 'track' : 'tracks'}`;

/**
 * "License all" on the owner's playlist page (decision 036): one checkout for every unowned music
 * track, with the count and the total before paying and what is left out (owned, loops, unpublished,
 * in another checkout). It goes through the same pages as a single-track purchase: the local test
 * page, or Stripe's hosted Checkout.
 */
export function LicensePlaylistPanel({ playlistId }: { playlistId: string }) {
  const quote = useCartQuote(playlistId);
  const start = useStartCartCheckout(playlistId);
  const navigate = useNavigate();

  if (quote.isPending || quote.isError) return null;
  const { count, total, currency, excluded, subscriber, max_items: maxItems } = quote.data;
  const price = formatDollars(total, currency);

  const go = () =>
    start.mutate(undefined, {
      onSuccess: ({ checkout_url }) => {
        if (checkout_url.startsWith('/') && !checkout_url.startsWith('//')) navigate(checkout_url);
        else window.location.assign(checkout_url);
      },
    });

  return (
    <section
      aria-labelledby="license-all-title"
      className="mt-6 max-w-xl rounded-2xl border border-line bg-surface/80 p-5 shadow-card"
    >
      <h2 id="license-all-title" className="flex items-center gap-2 text-lg font-semibold text-fg">
        <ShieldCheckIcon className="size-5 text-secondary" />
        License the whole playlist
      </h2>
      {subscriber ? (
        <p className="mt-2 text-sm text-fg-muted">
          Your subscription covers these tracks: download each one for free from its row. Nothing to pay.
        </p>
      ) : count === 0 ? (
        <p className="mt-2 text-sm text-fg-muted">Nothing left to license: every music track is covered.</p>
      ) : (
        <>
          <p className="mt-2 text-fg-muted">
            One checkout for <strong className="text-fg">{tracksText(count)}</strong>, one licence each. Total{' '}
            <strong className="text-accent tabular-nums">{price}</strong>.
          </p>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Button onClick={go} disabled={start.isPending || count > maxItems} aria-busy={start.isPending}>
              {`License all (${count}) · ${price}`}
            </Button>
            {count > maxItems ? (
              <span className="text-sm text-danger">{`At most ${maxItems} tracks in one checkout.`}</span>
            ) : null}
          </div>
        </>
      )}
      {excluded.length > 0 ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-fg">{`Left out (${excluded.length})`}</h3>
          <ul className="mt-1 space-y-0.5 text-sm text-fg-muted">
            {excluded.map((track) => (
              <li key={track.music_id}>
                <span className="text-fg">{track.title}</span> — {REASON[track.reason]}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {start.error ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {isApiError(start.error) ? serverText(start.error.message) : serverText(Messages.somethingWentWrong)}
        </p>
      ) : null}
    </section>
  );
}
