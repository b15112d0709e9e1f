import type { SVGProps } from 'react';

/** Solid glyphs of the track rows and search (decorative: buttons carry the names). */
type IconProps = SVGProps<SVGSVGElement>;

const base = { 'aria-hidden': true, focusable: false, viewBox: '0 0 24 24' } as const;

export const PlayGlyph = ({ className = 'size-5', ...props }: IconProps) => (
  <svg {...base} className={className} fill="currentColor" {...props}>
    <path d="M8 5.14v13.72a1 1 0 0 0 1.52.85l11.04-6.86a1 1 0 0 0 0-1.7L9.52 4.29A1 1 0 0 0 8 5.14Z" />
  </svg>
);

export const PauseGlyph = ({ className = 'size-5', ...props }: IconProps) => (
  <svg {...base} className={className} fill="currentColor" {...props}>
    <rect x="6" y="4.5" width="4.2" height="15" rx="1.2" />
    <rect x="13.8" y="4.5" width="4.2" height="15" rx="1.2" />
  </svg>
);

export const SearchGlyph = ({ className = 'size-5', ...props }: IconProps) => (
  <svg
    {...base}
    className={className}
    fill="none"
    stroke="currentColor"
    strokeWidth={1.9}
    strokeLinecap="round"
    {...props}
  >
    <circle cx="11" cy="11" r="6.5" />
    <path d="m20 20-4.2-4.2" />
  </svg>
);

export const FilterGlyph = ({ className = 'size-4', ...props }: IconProps) => (
  <svg
    {...base}
    className={className}
    fill="none"
    stroke="currentColor"
    strokeWidth={1.9}
    strokeLinecap="round"
    {...props}
  >
    <path d="M4 6h16M7 12h10M10 18h4" />
  </svg>
);

export const SmallCloseGlyph = ({ className = 'size-3.5', ...props }: IconProps) => (
  <svg
    {...base}
    className={className}
    fill="none"
    stroke="currentColor"
    strokeWidth={2.2}
    strokeLinecap="round"
    {...props}
  >
    <path d="M7 7l10 10M17 7 7 17" />
  </svg>
);

/** A tuning fork (the row's tuning files menu). */
export const TuningForkGlyph = ({ className = 'size-5', ...props }: IconProps) => (
  <svg
    {...base}
    className={className}
    fill="none"
    stroke="currentColor"
    strokeWidth={1.9}
    strokeLinecap="round"
    strokeLinejoin="round"
    {...props}
  >
    <path d="M8 3v7a4 4 0 0 0 8 0V3M12 14v7M10 21h4" />
  </svg>
);

/** Three bars that dance while the row's track plays (still when motion is reduced). */
export function EqualizerGlyph({ className = 'size-5', animated = true }: { className?: string; animated?: boolean }) {
  const bars = [
    { x: 4, values: '6;16;9;14;6', dur: '0.9s' },
    { x: 10, values: '14;5;16;8;14', dur: '1.1s' },
    { x: 16, values: '9;15;5;12;9', dur: '0.8s' },
  ];
  return (
    <svg {...base} className={className} fill="currentColor">
      {bars.map((bar) => (
        <rect key={bar.x} x={bar.x} y="4" width="4" height="16" rx="1.5" transform="rotate(180 12 12)">
          {animated ? (
            <animate attributeName="height" values={bar.values} dur={bar.dur} repeatCount="indefinite" />
          ) : null}
        </rect>
      ))}
    </svg>
  );
}
