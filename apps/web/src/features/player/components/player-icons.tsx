import type { SVGProps } from 'react';

/** Glyphs of the player (decorative: every control names itself). */
type IconProps = SVGProps<SVGSVGElement>;

const base = { 'aria-hidden': true, focusable: false, viewBox: '0 0 24 24' } as const;
const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.9,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export const PlayIcon = ({ className = 'size-5', ...props }: IconProps) => (
  <svg {...base} className={className} fill="currentColor" {...props}>
    <path d="M8 5.14v13.72a1 1 0 0 0 1.52.85l11.04-6.86a1 1 0 0 0 0-1.7L9.52 4.29A1 1 0 0 0 8 5.14Z" />
  </svg>
);

export const PauseIcon = ({ className = 'size-5', ...props }: IconProps) => (
  <svg {...base} className={className} fill="currentColor" {...props}>
    <rect x="6" y="4.5" width="4.2" height="15" rx="1.2" />
    <rect x="13.8" y="4.5" width="4.2" height="15" rx="1.2" />
  </svg>
);

export const PreviousIcon = ({ className = 'size-5', ...props }: IconProps) => (
  <svg {...base} className={className} fill="currentColor" {...props}>
    <rect x="4.5" y="5" width="2.6" height="14" rx="1" />
    <path d="M19.5 6.1v11.8a1 1 0 0 1-1.55.83L9.4 12.83a1 1 0 0 1 0-1.66l8.55-5.9a1 1 0 0 1 1.55.83Z" />
  </svg>
);

export const NextIcon = ({ className = 'size-5', ...props }: IconProps) => (
  <svg {...base} className={className} fill="currentColor" {...props}>
    <rect x="16.9" y="5" width="2.6" height="14" rx="1" />
    <path d="M4.5 6.1v11.8a1 1 0 0 0 1.55.83l8.55-5.9a1 1 0 0 0 0-1.66l-8.55-5.9A1 1 0 0 0 4.5 6.1Z" />
  </svg>
);

export const VolumeIcon = ({ className = 'size-5', ...props }: IconProps) => (
  <svg {...base} className={className} {...stroke} {...props}>
    <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" />
    <path d="M15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11" />
  </svg>
);

export const MutedIcon = ({ className = 'size-5', ...props }: IconProps) => (
  <svg {...base} className={className} {...stroke} {...props}>
    <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" />
    <path d="m16 9.5 5 5M21 9.5l-5 5" />
  </svg>
);

export const CollapseIcon = ({ className = 'size-5', ...props }: IconProps) => (
  <svg {...base} className={className} {...stroke} {...props}>
    <path d="m6 9 6 6 6-6" />
  </svg>
);

export const ExpandIcon = ({ className = 'size-5', ...props }: IconProps) => (
  <svg {...base} className={className} {...stroke} {...props}>
    <path d="m6 15 6-6 6 6" />
  </svg>
);

export const CloseIcon = ({ className = 'size-5', ...props }: IconProps) => (
  <svg {...base} className={className} {...stroke} {...props}>
    <path d="M6 6l12 12M18 6 6 18" />
  </svg>
);

export const MoreIcon = ({ className = 'size-5', ...props }: IconProps) => (
  <svg {...base} className={className} fill="currentColor" {...props}>
    <circle cx="12" cy="5.5" r="1.8" />
    <circle cx="12" cy="12" r="1.8" />
    <circle cx="12" cy="18.5" r="1.8" />
  </svg>
);
