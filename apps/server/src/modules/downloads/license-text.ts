import { verifyUrl } from '../licenses/license-verification.js';

/** The license.txt that goes into every download zip. First line as the spec says: `License Key: {key}`. */
export function licenseText(input: {
  licenseKey: string;
  /** The name only: the file travels with the track, to editors and clients (issue #31). */
  licenseeName: string;
  trackId: number;
  title: string;
  artist: string;
  source: 'purchase' | 'subscription';
  issuedAt: Date;
  /** The store's origin (PUBLIC_URL, else the request's): the file's links are absolute, it travels. */
  publicBase: string;
}): string {
  const base = input.publicBase.replace(/\/+$/, '');
  return [
    `License Key: ${input.licenseKey}`,
    '',
    'Tarab — Royalty-Free Music License',
    '',
    `Licensee: ${input.licenseeName}`,
    `Track: ${input.title} (#${input.trackId}) by ${input.artist}`,
    `Issued: ${input.issuedAt.toISOString().slice(0, 10)}`,
    `Obtained by: ${input.source === 'purchase' ? 'single-track purchase' : 'subscription download'}`,
    '',
    `Verify: ${verifyUrl(base, input.licenseKey)}`,
    '',
    `Summary of terms (the full Terms of Use at ${base}/terms-of-use govern):`,
    '- You may use this track in your own productions (video, film, podcasts, games, advertising,',
    '  social media) worldwide and without time limit, with no further royalties to pay.',
    '- You may not resell, redistribute or share the audio file itself, alone or in a library,',
    '  nor register it with a content-identification service as your own work.',
    '- The license is personal to the licensee above and is not transferable.',
    '- Refunds: within 14 calendar days of purchase, and only if nothing was downloaded.',
    '',
    'Keep this file: the license key proves your license.',
    '',
  ].join('\r\n');
}

/** `Desert Caravan (Live)` -> `Desert_Caravan_Live`: safe in every file system. */
export function cleanFileTitle(title: string): string {
  const cleaned = title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 80);
  return cleaned || 'Track';
}
