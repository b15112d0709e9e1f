import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon } from '@/components/ui/icons';

type SectionHeadingProps = {
  id: string;
  title: string;
  eyebrow?: string;
  /** A "View all" link on the right. */
  link?: { to: string; label: string };
  children?: ReactNode;
};

/** The h2 of a page section, with an optional eyebrow and link. */
export function SectionHeading({ id, title, eyebrow, link, children }: SectionHeadingProps) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
      <div className="min-w-0">
        {eyebrow ? <p className="text-xs font-semibold tracking-eyebrow text-accent uppercase">{eyebrow}</p> : null}
        <h2 id={id} className="mt-1 text-3xl font-bold text-fg sm:text-4xl">
          {title}
        </h2>
        {children}
      </div>
      {link ? (
        <Link
          to={link.to}
          className="group inline-flex items-center gap-1.5 rounded-full py-1 text-sm font-semibold text-accent hover:text-accent-hover"
        >
          {link.label}
          <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5 rtl:group-hover:-translate-x-0.5" />
        </Link>
      ) : null}
    </div>
  );
}
