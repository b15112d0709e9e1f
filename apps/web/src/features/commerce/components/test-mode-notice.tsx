/** Stripe's published test numbers, which the local (test-mode) payment driver accepts. */
const testCards = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'declined' },
  { number: '4000 0000 0000 9995', outcome: 'insufficient funds' },
] as const;

/** The TEST MODE banner of the local checkout pages: no real card is charged. */
export function TestModeNotice() {
  return (
    <aside
      aria-labelledby="test-mode-title"
      className="rounded-2xl border border-dashed border-accent/60 bg-accent/5 px-5 py-4 text-sm text-fg-muted"
    >
      <p id="test-mode-title" className="flex flex-wrap items-center gap-2 font-semibold text-fg">
        <span className="rounded-md bg-accent px-2 py-0.5 text-xs font-bold tracking-eyebrow text-on-accent">
          TEST MODE
        </span>
        No real card is charged.
      </p>
      <p className="mt-2">Use any future expiry date and any 3-digit CVC with one of these test cards:</p>
      <ul className="mt-2 space-y-1">
        {testCards.map((card) => (
          <li key={card.number} className="flex flex-wrap gap-x-3">
            <span className="font-mono text-fg tabular-nums">{card.number}</span>
            <span>{card.outcome}</span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
