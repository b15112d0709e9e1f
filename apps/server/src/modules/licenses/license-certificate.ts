import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import type { LicenseDetails } from './licenses.repo.js';

/** The terms in short, as license.txt has them (the Terms of Use govern). */
export const TERMS_SUMMARY = [
  'You may use this track in your own productions (video, film, podcasts, games, advertising, social',
  'media) worldwide and without time limit, with no further royalties to pay.',
  'You may not resell, redistribute or share the audio file itself, alone or in a library, nor register',
  'it with a content-identification service as your own work.',
  'The licence is personal to the licensee named above and is not transferable.',
];

const INK = rgb(0.11, 0.1, 0.16);
const MUTED = rgb(0.38, 0.37, 0.45);
const GOLD = rgb(0.83, 0.6, 0.16);

/** Standard PDF fonts speak WinAnsi only: other letters (Arabic names…) become their closest or `?`. */
const winAnsi = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\x20-\x7E\u00A0-\u00FF\u2013\u2014\u2018\u2019\u201C\u201D\u2022]/g, '?');

/**
 * The licence certificate (PDF, A4): key, licensee, track, artist, date, how it was obtained, the terms
 * in short, and a QR code of the public verify page. Made on request from the licence row: nothing is stored.
 */
export async function licenseCertificatePdf(license: LicenseDetails, verifyAt: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Tarab licence ${license.licenseKey}`);
  doc.setAuthor('Tarab');
  doc.setSubject(`Licence for "${winAnsi(license.title)}" by ${winAnsi(license.artistName)}`);
  // Dates from the licence, not the clock: the certificate of a licence is the same file each time.
  doc.setCreationDate(license.issuedAt);
  doc.setModificationDate(license.revokedAt ?? license.issuedAt);
  const page = doc.addPage([595.28, 841.89]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const { width, height } = page.getSize();
  const left = 56;
  let y = height - 72;

  const text = (value: string, font: PDFFont, size: number, color = INK, x = left) => {
    page.drawText(winAnsi(value), { x, y, size, font, color });
  };
  const line = (gap: number) => (y -= gap);

  page.drawRectangle({ x: 0, y: height - 8, width, height: 8, color: GOLD });
  text('TARAB', bold, 12, GOLD);
  line(30);
  text('Certificate of Licence', bold, 26);
  line(20);
  text('Royalty-free music licence', regular, 12, MUTED);
  line(40);

  const row = (label: string, value: string) => {
    text(label, regular, 10, MUTED);
    text(value, bold, 12, INK, left + 130);
    line(24);
  };
  row('Licence key', license.licenseKey);
  row('Licensee', license.licenseeName);
  row(license.kind === 'loop' ? 'Loop' : 'Track', `${license.title} (#${license.trackId})`);
  row('Artist', license.artistName);
  row('Issued', license.issuedAt.toISOString().slice(0, 10));
  row('Obtained by', license.source === 'purchase' ? 'Single-track purchase' : 'Subscription download');
  if (license.revokedAt) row('Status', `Revoked on ${license.revokedAt.toISOString().slice(0, 10)}`);
  line(12);

  text('Summary of terms', bold, 12);
  line(18);
  for (const term of TERMS_SUMMARY) {
    text(term, regular, 9.5, MUTED);
    line(14);
  }
  line(6);
  text('The full Terms of Use govern this licence.', regular, 9.5, MUTED);

  await drawQr(doc, page, verifyAt, { x: left, y: 96, size: 120 });
  y = 196;
  text('Verify this licence', bold, 12, INK, left + 140);
  y = 176;
  text('Scan the code or open:', regular, 10, MUTED, left + 140);
  y = 160;
  text(verifyAt, regular, 9, INK, left + 140);
  y = 120;
  text('Anyone can check that this licence is valid, without learning the licensee.', regular, 9, MUTED, left + 140);
  return doc.save();
}

async function drawQr(doc: PDFDocument, page: PDFPage, url: string, at: { x: number; y: number; size: number }) {
  const png = await QRCode.toBuffer(url, { errorCorrectionLevel: 'M', margin: 2, scale: 6, type: 'png' });
  const image = await doc.embedPng(png);
  page.drawImage(image, { x: at.x, y: at.y, width: at.size, height: at.size });
}
