import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import QRCode from 'qrcode';
import { arabicFontFiles, textRuns } from './arabic-text.js';
import type { CertificateDetails } from './licenses.repo.js';

/** The terms in short, as license.txt has them (the Terms of Use govern). */
const TERMS_SUMMARY = [
  'You may use this track in your own productions (video, film, podcasts, games, advertising, social',
  'media) worldwide and without time limit, with no further royalties to pay.',
  'You may not resell, redistribute or share the audio file itself, alone or in a library, nor register',
  'it with a content-identification service as your own work.',
  'The licence is personal to the licensee named above and is not transferable.',
];

/** The same terms in Arabic (decision 061), one paragraph each; wrapped to the page when drawn. */
export const TERMS_SUMMARY_AR = [
  'يجوز لك استخدام هذه المقطوعة في إنتاجاتك، من فيديو وأفلام وبودكاست وألعاب وإعلانات ووسائل تواصل اجتماعي، في أنحاء العالم كلها ودون حد زمني، ودون أي عوائد إضافية.',
  'لا يجوز لك إعادة بيع الملف الصوتي نفسه أو توزيعه أو مشاركته، منفردًا أو ضمن مكتبة، ولا تسجيله لدى خدمة للتعرف على المحتوى على أنه من أعمالك.',
  'هذا الترخيص شخصي لصاحبه المذكور أعلاه ولا يجوز نقله إلى غيره.',
];

/** Every label of the certificate in both languages; the Arabic ones are the web app's (licence.*). */
export const CERTIFICATE_LABELS = {
  brand: { en: 'TARAB', ar: 'طرب' },
  title: { en: 'Certificate of Licence', ar: 'شهادة ترخيص' },
  subtitle: { en: 'Royalty-free music licence', ar: 'ترخيص موسيقى خالية من حقوق الملكية' },
  key: { en: 'Licence key', ar: 'مفتاح الترخيص' },
  licensee: { en: 'Licensee', ar: 'صاحب الترخيص' },
  track: { en: 'Track', ar: 'المقطوعة' },
  loop: { en: 'Loop', ar: 'الحلقة' },
  artist: { en: 'Artist', ar: 'الفنان' },
  issued: { en: 'Issued', ar: 'تاريخ الإصدار' },
  obtainedBy: { en: 'Obtained by', ar: 'طريقة الحصول' },
  purchase: { en: 'Single-track purchase', ar: 'شراء مقطوعة منفردة' },
  subscription: { en: 'Subscription download', ar: 'تنزيل ضمن الاشتراك' },
  status: { en: 'Status', ar: 'الحالة' },
  revokedOn: { en: 'Revoked on', ar: 'ألغي في' },
  terms: { en: 'Summary of terms', ar: 'ملخص الشروط' },
  governs: { en: 'The full Terms of Use govern this licence.', ar: 'تحكم شروط الاستخدام الكاملة هذا الترخيص.' },
  verify: { en: 'Verify this licence', ar: 'تحقق من هذا الترخيص' },
  scan: { en: 'Scan the code or open:', ar: 'امسح الرمز أو افتح الرابط' },
  anyone: {
    en: 'Anyone can check that this licence is valid, without learning the licensee.',
    ar: 'يمكن لأي شخص التحقق من صلاحية الترخيص دون معرفة صاحبه.',
  },
} as const;

const INK = rgb(0.11, 0.1, 0.16);
const MUTED = rgb(0.38, 0.37, 0.45);
const GOLD = rgb(0.83, 0.6, 0.16);

/** Standard PDF fonts speak WinAnsi only: other letters (outside the Arabic runs) become their closest or `?`. */
const winAnsi = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\x20-\x7E\u00A0-\u00FF\u2013\u2014\u2018\u2019\u201C\u201D\u2022]/g, '?');

/** " 2026-02-01" → "2026-02-01 ": the leading and trailing spaces of a run swap sides. */
const mirrorSpaces = (text: string) => {
  const [, lead = '', body = '', trail = ''] = /^(\s*)(.*?)(\s*)$/su.exec(text) ?? [];
  return trail + body + lead;
};

type Weight = 'regular' | 'bold';
interface Fonts {
  latin: Record<Weight, PDFFont>;
  arabic: Record<Weight, PDFFont>;
}

/**
 * Draws one line of text that may mix Arabic and Latin (names, titles, labels). Arabic runs are set in
 * IBM Plex Sans Arabic (embedded, subset) and shaped by fontkit (joining forms, lam-alef, right to left);
 * the other runs in Helvetica. The runs are placed in visual order: left to right in an LTR line, right
 * to left in an RTL one (a line whose first strong letter is Arabic), so "(#12)" or a date stays where an
 * Arabic reader expects it. `at.x` is the line's left edge, or its right edge with `align: 'right'`.
 */
function drawLine(
  page: PDFPage,
  fonts: Fonts,
  value: string,
  at: { x: number; y: number; size: number; weight?: Weight; color?: RGB; align?: 'left' | 'right' },
): number {
  const weight = at.weight ?? 'regular';
  const parts = textRuns(value);
  const rtl = parts.find((run) => run.strong)?.arabic ?? false;
  const runs = parts.map((run) => {
    const font = run.arabic ? fonts.arabic[weight] : fonts.latin[weight];
    // A Latin run in an RTL line: the spaces before it (logically) are on its right.
    const text = run.arabic ? run.text : winAnsi(rtl ? mirrorSpaces(run.text) : run.text);
    return { text, font, width: font.widthOfTextAtSize(text, at.size) };
  });
  const total = runs.reduce((sum, run) => sum + run.width, 0);
  let x = at.align === 'right' ? at.x - total : at.x;
  // An RTL line: the first run at the right end, the next to its left…
  const ordered = rtl ? [...runs].reverse() : runs;
  for (const run of ordered) {
    if (run.text.length > 0)
      page.drawText(run.text, { x, y: at.y, size: at.size, font: run.font, color: at.color ?? INK });
    x += run.width;
  }
  return total;
}

/** Splits an Arabic paragraph into lines no wider than `width` (at word boundaries). */
function wrap(fonts: Fonts, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/)) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && fonts.arabic.regular.widthOfTextAtSize(candidate, size) > width) {
      lines.push(current);
      current = word;
    } else current = candidate;
  }
  if (current) lines.push(current);
  return lines;
}

/**
 * The licence certificate (PDF, A4), in English and Arabic (issue 32 item 8, decision 061): key,
 * licensee, track, artist, date, how it was obtained, the terms in short, and a QR code of the public
 * verify page. English reads from the left edge, Arabic from the right one, on the same rows. Made on
 * request from the licence row: nothing is stored.
 */
export async function licenseCertificatePdf(license: CertificateDetails, verifyAt: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Tarab licence ${license.licenseKey}`);
  doc.setAuthor('Tarab');
  doc.setLanguage('en');
  doc.setSubject(`Licence for "${winAnsi(license.title)}" by ${winAnsi(license.artistName)}`);
  // Dates from the licence, not the clock: the certificate of a licence is the same file each time.
  doc.setCreationDate(license.issuedAt);
  doc.setModificationDate(license.revokedAt ?? license.issuedAt);
  const files = await arabicFontFiles();
  doc.registerFontkit(files.fontkit);
  const fonts: Fonts = {
    latin: {
      regular: await doc.embedFont(StandardFonts.Helvetica),
      bold: await doc.embedFont(StandardFonts.HelveticaBold),
    },
    arabic: {
      regular: await doc.embedFont(files.regular, { subset: true }),
      bold: await doc.embedFont(files.bold, { subset: true }),
    },
  };
  const page = doc.addPage([595.28, 841.89]);
  const { width, height } = page.getSize();
  const left = 56;
  const right = width - 56;
  let y = height - 72;
  const line = (gap: number) => (y -= gap);
  const en = (value: string, size: number, weight: Weight = 'regular', color: RGB = INK, x = left) =>
    drawLine(page, fonts, value, { x, y, size, weight, color });
  const ar = (value: string, size: number, weight: Weight = 'regular', color: RGB = INK, x = right) =>
    drawLine(page, fonts, value, { x, y, size, weight, color, align: 'right' });
  const L = CERTIFICATE_LABELS;

  page.drawRectangle({ x: 0, y: height - 8, width, height: 8, color: GOLD });
  en(L.brand.en, 12, 'bold', GOLD);
  ar(L.brand.ar, 14, 'bold', GOLD);
  line(30);
  en(L.title.en, 26, 'bold');
  ar(L.title.ar, 24, 'bold');
  line(20);
  en(L.subtitle.en, 12, 'regular', MUTED);
  ar(L.subtitle.ar, 11, 'regular', MUTED);
  line(40);

  const valueX = left + 120;
  /** A row: English label on the left, Arabic label on the right, the value (and its Arabic form) between. */
  const row = (label: { en: string; ar: string }, value: string, valueAr?: string | null) => {
    en(label.en, 10, 'regular', MUTED);
    ar(label.ar, 10, 'regular', MUTED);
    drawLine(page, fonts, value, { x: valueX, y, size: 12, weight: 'bold' });
    if (valueAr && valueAr !== value) {
      line(17);
      drawLine(page, fonts, valueAr, { x: valueX, y, size: 12, weight: 'bold' });
    }
    line(24);
  };
  row(L.key, license.licenseKey);
  row(L.licensee, license.licenseeName);
  row(license.kind === 'loop' ? L.loop : L.track, `${license.title} (#${license.trackId})`, license.titleAr);
  row(L.artist, license.artistName, license.artistNameAr);
  row(L.issued, license.issuedAt.toISOString().slice(0, 10));
  const obtained = license.source === 'purchase' ? L.purchase : L.subscription;
  row(L.obtainedBy, obtained.en, obtained.ar);
  if (license.revokedAt) {
    const day = license.revokedAt.toISOString().slice(0, 10);
    row(L.status, `${L.revokedOn.en} ${day}`, `${L.revokedOn.ar} ${day}`);
  }
  line(8);

  en(L.terms.en, 12, 'bold');
  line(18);
  for (const term of TERMS_SUMMARY) {
    en(term, 9.5, 'regular', MUTED);
    line(14);
  }
  line(6);
  en(L.governs.en, 9.5, 'regular', MUTED);
  line(26);
  ar(L.terms.ar, 12, 'bold');
  line(18);
  for (const paragraph of [...TERMS_SUMMARY_AR, L.governs.ar]) {
    for (const text of wrap(fonts, paragraph, 10, right - left)) {
      ar(text, 10, 'regular', MUTED);
      line(16);
    }
  }

  // The verify block: English beside the QR code on the left, Arabic on the right edge.
  await drawQr(doc, page, verifyAt, { x: left, y: 72, size: 120 });
  const textX = left + 140;
  y = 176;
  en(L.verify.en, 12, 'bold', INK, textX);
  ar(L.verify.ar, 12, 'bold');
  y = 158;
  en(L.scan.en, 10, 'regular', MUTED, textX);
  ar(L.scan.ar, 10, 'regular', MUTED);
  y = 142;
  en(verifyAt, 9, 'regular', INK, textX);
  y = 112;
  en(L.anyone.en, 8.5, 'regular', MUTED, textX);
  y = 96;
  ar(L.anyone.ar, 9, 'regular', MUTED);
  return doc.save();
}

async function drawQr(doc: PDFDocument, page: PDFPage, url: string, at: { x: number; y: number; size: number }) {
  const png = await QRCode.toBuffer(url, { errorCorrectionLevel: 'M', margin: 2, scale: 6, type: 'png' });
  const image = await doc.embedPng(png);
  page.drawImage(image, { x: at.x, y: at.y, width: at.size, height: at.size });
}
