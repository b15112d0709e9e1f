/**
 * Colour arithmetic and the curated palettes of covers and portraits: the tile colours of the
 * old workshops (lapis, deep indigo, turquoise, saffron, terracotta, ivory, gold), a ground,
 * one line colour and two tile colours each, restrained so the line work carries the picture.
 */
export interface Palette {
  /** Background gradient, lighter to darker. */
  deep: string;
  deeper: string;
  /** Line colour of the strapwork (gold, ivory, turquoise…). */
  ornament: string;
  /** Two tile colours laid under the strapwork. */
  tileA: string;
  tileB: string;
  /** Glow / highlight. */
  glow: string;
  /** The palette's lightest colour (small highlights). */
  ink: string;
}

export const PALETTES: readonly Palette[] = [
  // lapis, gold and turquoise
  {
    deep: '#1c2b66',
    deeper: '#0a1135',
    ornament: '#dcb567',
    tileA: '#1f6f7a',
    tileB: '#13204f',
    glow: '#f0cf8a',
    ink: '#f7ecd6',
  },
  // terracotta and ivory
  {
    deep: '#8a3622',
    deeper: '#33110a',
    ornament: '#f1e4c6',
    tileA: '#1d5963',
    tileB: '#5e2113',
    glow: '#f3b774',
    ink: '#fff6e6',
  },
  // turquoise and saffron
  {
    deep: '#0f5159',
    deeper: '#032224',
    ornament: '#e9b752',
    tileA: '#a8482f',
    tileB: '#0a3a40',
    glow: '#a9e3d8',
    ink: '#f1f8f3',
  },
  // deep indigo and turquoise
  {
    deep: '#27245a',
    deeper: '#0c0b26',
    ornament: '#6fcac4',
    tileA: '#c8963f',
    tileB: '#1a1845',
    glow: '#9fd9e6',
    ink: '#eef7f8',
  },
  // saffron and indigo
  {
    deep: '#7a4611',
    deeper: '#2b1604',
    ornament: '#f5d791',
    tileA: '#23306b',
    tileB: '#5a3009',
    glow: '#ffd48a',
    ink: '#fff4df',
  },
  // ivory ground, lapis lines
  {
    deep: '#f1e6cf',
    deeper: '#d8c39b',
    ornament: '#1f2d66',
    tileA: '#b4553a',
    tileB: '#2b7d86',
    glow: '#fff8e8',
    ink: '#1f2d66',
  },
  // night sea and pearl
  {
    deep: '#123654',
    deeper: '#04111f',
    ornament: '#dbe6ec',
    tileA: '#b88f45',
    tileB: '#0b2540',
    glow: '#f1d79a',
    ink: '#eef4fa',
  },
  // pomegranate and gold
  {
    deep: '#601829',
    deeper: '#22060d',
    ornament: '#e5bb6a',
    tileA: '#1d4f5c',
    tileB: '#450f1c',
    glow: '#f2a978',
    ink: '#fbeee0',
  },
];

function hexToRgb(hex: string): [number, number, number] {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function rgbToHex(r: number, g: number, b: number): string {
  const c = (x: number): string =>
    Math.max(0, Math.min(255, Math.round(x)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** Linear mix of two colours (t = 0 → a, 1 → b). */
export function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = hexToRgb(a);
  const [r2, g2, b2] = hexToRgb(b);
  return rgbToHex(r1 + (r2 - r1) * t, g1 + (g2 - g1) * t, b1 + (b2 - b1) * t);
}

export function lighten(color: string, t: number): string {
  return mix(color, '#ffffff', t);
}

export function darken(color: string, t: number): string {
  return mix(color, '#000000', t);
}

/** Relative luminance (0 black … 1 white). */
export function luminance(color: string): number {
  const [r, g, b] = hexToRgb(color).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
