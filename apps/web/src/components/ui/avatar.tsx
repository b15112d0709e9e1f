import { cx } from '@/lib/class-names';

/** A round badge with the first letter of a name. Decorative: the name is shown elsewhere. */
export function Avatar({ name, className }: { name: string; className?: string }) {
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <span
      aria-hidden="true"
      className={cx(
        'grid size-8 shrink-0 place-items-center rounded-full bg-gradient-to-br from-saffron-300 to-saffron-600 font-display text-sm font-bold text-on-accent',
        className,
      )}
    >
      {initial}
    </span>
  );
}
