import { useId } from 'react';

const RINGS = [
  { size: 250, rotate: 0, opacity: 0.9 },
  { size: 196, rotate: 22.5, opacity: 0.7 },
  { size: 146, rotate: 0, opacity: 0.55 },
  { size: 100, rotate: 22.5, opacity: 0.45 },
];

/** Concentric eight-pointed stars: the ornament beside the home banner. */
export function StarRosette({ className }: { className?: string }) {
  const strokeId = useId();
  const glowId = useId();
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 400 400" className={className}>
      <defs>
        <linearGradient id={strokeId} x1="0" y1="0" x2="400" y2="400" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#fbe2a6" />
          <stop offset="0.5" stopColor="#f4b840" />
          <stop offset="1" stopColor="#46cdb9" />
        </linearGradient>
        <radialGradient id={glowId}>
          <stop offset="0" stopColor="#f4b840" stopOpacity="0.55" />
          <stop offset="0.45" stopColor="#e59e1c" stopOpacity="0.12" />
          <stop offset="1" stopColor="#e59e1c" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx="200" cy="200" r="190" fill={`url(#${glowId})`} />
      <circle cx="200" cy="200" r="186" fill="none" stroke={`url(#${strokeId})`} strokeOpacity="0.25" />
      <g fill="none" stroke={`url(#${strokeId})`} strokeWidth="1.5" strokeLinejoin="round">
        {RINGS.map(({ size, rotate, opacity }) => {
          const offset = 200 - size / 2;
          return (
            <g key={size} opacity={opacity} transform={`rotate(${rotate} 200 200)`}>
              <rect x={offset} y={offset} width={size} height={size} />
              <rect x={offset} y={offset} width={size} height={size} transform="rotate(45 200 200)" />
            </g>
          );
        })}
      </g>
      <g fill="#f4b840">
        {Array.from({ length: 16 }, (_, i) => {
          const angle = (i * Math.PI) / 8;
          return (
            <circle
              key={i}
              cx={200 + Math.cos(angle) * 186}
              cy={200 + Math.sin(angle) * 186}
              r={i % 2 === 0 ? 3 : 1.8}
              opacity={i % 2 === 0 ? 0.8 : 0.45}
            />
          );
        })}
      </g>
      <circle cx="200" cy="200" r="34" fill="#0b0917" stroke={`url(#${strokeId})`} strokeWidth="1.5" />
      <g fill="#f4b840">
        <rect x="182" y="192" width="4" height="16" rx="2" />
        <rect x="190" y="184" width="4" height="32" rx="2" />
        <rect x="198" y="178" width="4" height="44" rx="2" />
        <rect x="206" y="188" width="4" height="24" rx="2" />
        <rect x="214" y="194" width="4" height="12" rx="2" />
      </g>
    </svg>
  );
}
