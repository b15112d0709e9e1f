/** Colour arithmetic and the curated palettes used by covers and portraits. */
export interface Palette {
  /** Background gradient, dark to darker. */
  deep: string;
  deeper: string;
  /** Ornament colour (gold, copper, silver…). */
  ornament: string;
  /** Glow / highlight. */
  glow: string;
  /** Text colour. */
  ink: string;
}

export const PALETTES: readonly Palette[] = [
  { deep: '#1d2a5c', deeper: '#0b1230', ornament: '#d9b25f', glow: '#f0c97a', ink: '#f7ecd6' }, // lapis & gold
  { deep: '#5c1a24', deeper: '#26080d', ornament: '#e0a15a', glow: '#f2b872', ink: '#fbeee0' }, // pomegranate & copper
  { deep: '#0f4a4f', deeper: '#04211f', ornament: '#d8c28a', glow: '#9fe0d4', ink: '#eef7f2' }, // zellige teal & sand
  { deep: '#1f4d33', deeper: '#0a2215', ornament: '#d6b45c', glow: '#e8d48a', ink: '#f3f0dc' }, // emerald & gold
  { deep: '#3a2158', deeper: '#170a29', ornament: '#c9b6e8', glow: '#e0a8d8', ink: '#f5eefc' }, // amethyst & silver
  { deep: '#7a4a1c', deeper: '#2e1806', ornament: '#f2d08a', glow: '#ffd89a', ink: '#fff4e0' }, // desert amber
  { deep: '#123a5c', deeper: '#051526', ornament: '#b9d3e6', glow: '#f1d79a', ink: '#eef4fa' }, // night sea & pearl
  { deep: '#5a2e12', deeper: '#1f0d03', ornament: '#e8b04a', glow: '#ff9e5a', ink: '#fdf0dd' }, // saffron & ember
];

export function hexToRgb(hex: string): [number, number, number] {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

export function rgbToHex(r: number, g: number, b: number): string {
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
