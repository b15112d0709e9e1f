import type { AudioAnalysisDto } from '@tarab/contracts';
import { intlTag } from '@/lib/format';

const formatters = new Map<string, Intl.NumberFormat>();
const oneDecimal = {
  format: (value: number) => {
    const tag = intlTag();
    let formatter = formatters.get(tag);
    if (!formatter) formatters.set(tag, (formatter = new Intl.NumberFormat(tag, { maximumFractionDigits: 1 })));
    return formatter.format(value);
  },
};

/** 812 → `812 B`, 48_000 → `46.9 KB`, 31_457_280 → `30 MB` (binary units, as the upload limit). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${oneDecimal.format(bytes / 1024)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${oneDecimal.format(bytes / (1024 * 1024))} MB`;
  return `${oneDecimal.format(bytes / (1024 * 1024 * 1024))} GB`;
}

/** -14.23 → `−14.2 LUFS`; unknown → `—`. */
export function formatLoudness(lufs: number | null | undefined): string {
  if (lufs === null || lufs === undefined || !Number.isFinite(lufs)) return '—';
  return `${oneDecimal.format(lufs).replace('-', '−')} LUFS`;
}

/** `WAV · 44.1 kHz · stereo`. */
export function formatAudioFormat(analysis: Pick<AudioAnalysisDto, 'format' | 'sample_rate' | 'channels'>): string {
  const channels = analysis.channels === 1 ? 'mono' : analysis.channels === 2 ? 'stereo' : `${analysis.channels} ch`;
  return `${analysis.format.toUpperCase()} · ${oneDecimal.format(analysis.sample_rate / 1000)} kHz · ${channels}`;
}

/** Loaded / total as a whole percentage, 0…100. */
export function percentOf(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, Math.floor((loaded / total) * 100)));
}
