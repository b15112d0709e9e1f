/**
 * Downmix of multichannel audio to stereo (ITU-R BS.775 style: centre and surrounds at −3 dB,
 * LFE dropped), for previews. Channels are taken in WAVE order for the usual layouts:
 * 3 = L R C, 4 = L R Ls Rs, 5 = L R C Ls Rs, 6 = 5.1, 7 = 6.1 (L R C LFE Cs Ls Rs), 8 = 7.1.
 * Mono and stereo are returned as they are. The mix is scaled down if it would clip.
 */
type Position = 'L' | 'R' | 'C' | 'LFE';

const LAYOUTS: Record<number, readonly Position[]> = {
  3: ['L', 'R', 'C'],
  4: ['L', 'R', 'L', 'R'],
  5: ['L', 'R', 'C', 'L', 'R'],
  6: ['L', 'R', 'C', 'LFE', 'L', 'R'],
  7: ['L', 'R', 'C', 'LFE', 'C', 'L', 'R'],
  8: ['L', 'R', 'C', 'LFE', 'L', 'R', 'L', 'R'],
};

/** The stereo matrix (front L/R at unity, the others at −3 dB to their side, centres to both), unscaled. */
function mixToStereo(channels: Float32Array[]): [Float32Array, Float32Array] {
  const frames = channels[0]?.length ?? 0;
  const layout = LAYOUTS[channels.length] ?? channels.map((_, i): Position => (i % 2 === 0 ? 'L' : 'R'));
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  channels.forEach((ch, i) => {
    const position = layout[i] ?? 'C';
    const gain = i < 2 ? 1 : Math.SQRT1_2;
    const toLeft = position === 'L' || position === 'C' ? gain : 0;
    const toRight = position === 'R' || position === 'C' ? gain : 0;
    for (let k = 0; k < frames; k++) {
      const v = ch[k] as number;
      left[k] = (left[k] as number) + v * toLeft;
      right[k] = (right[k] as number) + v * toRight;
    }
  });
  return [left, right];
}

export function downmixToStereo(channels: Float32Array[]): Float32Array[] {
  if (channels.length <= 2) return channels;
  const [left, right] = mixToStereo(channels);
  const frames = left.length;
  let peak = 0;
  for (const ch of [left, right]) for (let k = 0; k < frames; k++) peak = Math.max(peak, Math.abs(ch[k] as number));
  if (peak > 1) {
    const g = 1 / peak;
    for (const ch of [left, right]) for (let k = 0; k < frames; k++) ch[k] = (ch[k] as number) * g;
  }
  return [left, right];
}

/**
 * `downmixToStereo` for one chunk of a stream (the same matrix; more than two channels only). The
 * whole mix's peak is not known in a stream, so instead of scaling the mix down, a sample beyond
 * full scale is clipped (the MP3 encoder would clip it anyway).
 */
export function downmixChunkToStereo(channels: Float32Array[]): Float32Array[] {
  if (channels.length <= 2) return channels;
  const [left, right] = mixToStereo(channels);
  for (const ch of [left, right])
    for (let k = 0; k < left.length; k++) ch[k] = Math.max(-1, Math.min(1, ch[k] as number));
  return [left, right];
}
