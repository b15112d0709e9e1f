/** A 4096-point sine table (plus guard point) for cheap oscillators: sin(2π·phase) ≈ lookup. */
const SINE_SIZE = 4096;
const SINE = new Float32Array(SINE_SIZE + 1);
for (let i = 0; i <= SINE_SIZE; i++) SINE[i] = Math.sin((2 * Math.PI * i) / SINE_SIZE);

/** sin(2π·phase) for phase in [0, 1), linearly interpolated. */
export function sineAt(phase: number): number {
  const pos = phase * SINE_SIZE;
  const k = pos | 0;
  const a = SINE[k] as number;
  return a + ((SINE[k + 1] as number) - a) * (pos - k);
}
