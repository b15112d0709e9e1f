import { useId } from 'react';

const BAR_COUNT = 120;

/** Deterministic bar heights (0.08…1) that look like a piece of music. */
const BARS = Array.from({ length: BAR_COUNT }, (_, i) => {
  const swell = Math.sin((i / BAR_COUNT) * Math.PI);
  const texture = Math.abs(Math.sin(i * 0.61) * Math.cos(i * 0.23) + 0.35 * Math.sin(i * 1.7));
  return Math.max(0.08, Math.min(1, 0.15 + swell * 0.55 * texture + swell * 0.3));
});

/** A decorative waveform drawn inline, fading towards both ends. */
export function WaveformStrip({ className }: { className?: string }) {
  const gradientId = useId();
  const width = BAR_COUNT * 6;
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox={`0 0 ${width} 100`}
      preserveAspectRatio="none"
      className={className}
    >
      <defs>
        <linearGradient id={gradientId} x1="0" x2="1" y1="0" y2="0">
          <stop offset="0" stopColor="#46cdb9" stopOpacity="0" />
          <stop offset="0.3" stopColor="#46cdb9" stopOpacity="0.55" />
          <stop offset="0.55" stopColor="#f4b840" stopOpacity="0.85" />
          <stop offset="0.8" stopColor="#f4727f" stopOpacity="0.5" />
          <stop offset="1" stopColor="#f4727f" stopOpacity="0" />
        </linearGradient>
      </defs>
      <g fill={`url(#${gradientId})`}>
        {BARS.map((h, i) => (
          <rect key={i} x={i * 6 + 1} y={50 - h * 48} width="3.2" height={h * 96} rx="1.6" />
        ))}
      </g>
    </svg>
  );
}
