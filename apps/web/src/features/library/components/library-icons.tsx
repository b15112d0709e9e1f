import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

const base = {
  'aria-hidden': true,
  focusable: 'false',
  viewBox: '0 0 24 24',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** A heart, filled when `filled`. */
export const HeartIcon = ({ filled = false, className = 'size-5', ...props }: IconProps & { filled?: boolean }) => (
  <svg {...base} fill={filled ? 'currentColor' : 'none'} className={className} {...props}>
    <path d="M12 20.5s-7.5-4.6-9.2-9.4C1.6 7.6 3.9 4.5 7.3 4.5c2 0 3.6 1.1 4.7 2.7 1.1-1.6 2.7-2.7 4.7-2.7 3.4 0 5.7 3.1 4.5 6.6-1.7 4.8-9.2 9.4-9.2 9.4Z" />
  </svg>
);

/** A list with a plus: add to a playlist. */
export const ListPlusIcon = ({ className = 'size-5', ...props }: IconProps) => (
  <svg {...base} fill="none" className={className} {...props}>
    <path d="M4 6h12M4 11h12M4 16h7M17 14v6M14 17h6" />
  </svg>
);

export const PlusIcon = ({ className = 'size-5', ...props }: IconProps) => (
  <svg {...base} fill="none" className={className} {...props}>
    <path d="M12 5v14M5 12h14" />
  </svg>
);

export const TrashIcon = ({ className = 'size-5', ...props }: IconProps) => (
  <svg {...base} fill="none" className={className} {...props}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
  </svg>
);

export const SearchIcon = ({ className = 'size-5', ...props }: IconProps) => (
  <svg {...base} fill="none" className={className} {...props}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </svg>
);
