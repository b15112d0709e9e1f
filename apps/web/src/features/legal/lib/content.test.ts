import about from '@/content/about-us.md';
import copyright from '@/content/copyright.md';
import faqs from '@/content/faqs.md';
import privacy from '@/content/privacy-policy.md';
import sales from '@/content/sales-agreement.md';
import terms from '@/content/terms-of-use.md';
import { describe, expect, it } from 'vitest';
import { readLongDocument, type LongDocument } from './document';
import { plainText, type Block } from './markdown';

/** The whole text of a document, markup removed, for checking the rules it must state. */
function fullText(doc: LongDocument): string {
  const blockText = (block: Block): string => {
    switch (block.type) {
      case 'heading':
        return block.text;
      case 'paragraph':
        return plainText(block.children);
      case 'list':
        return block.items.map(plainText).join('\n');
      case 'quote':
        return block.paragraphs.map(plainText).join('\n');
      case 'rule':
        return '';
    }
  };
  return [
    ...doc.intro,
    ...doc.sections.flatMap((section) => [{ type: 'heading', text: section.title } as Block, ...section.blocks]),
  ]
    .map(blockText)
    .join('\n')
    .replace(/\s+/g, ' ');
}

const numbers = (doc: LongDocument) => doc.sections.map((section) => section.number);
const oneTo = (count: number) => Array.from({ length: count }, (_, index) => String(index + 1));

describe('site content (src/content)', () => {
  it('terms of use: 21 sections numbered 1 to 21, dated 24 June 2024, with the rules of spec §9', () => {
    const doc = readLongDocument(terms);
    expect(doc.meta).toMatchObject({ title: 'Terms of Use', updated_label: 'Terms updated', updated: '2024-06-24' });
    expect(numbers(doc)).toEqual(oneTo(21));
    const text = fullText(doc);
    expect(text).toContain('within 14 calendar days of a purchase or of a subscription renewal');
    expect(text).toContain('only if nothing has been downloaded or generated');
    expect(text).toContain('Trial accounts receive no refund.');
    expect(text).toContain('cancel at least 14 days before your next billing date');
    expect(text).toContain('AI credits are non-transferable and non-refundable.');
    expect(text).toContain('laws of the State of Israel');
    expect(text).toContain('competent courts of Tel Aviv');
    const links = JSON.stringify(doc.sections);
    expect(links).toContain('"href":"/copyright"');
    expect(links).toContain('"href":"/privacy-policy"');
  });

  it('sales agreement: exactly 11 sections with age 18+, the 5-day address notice and Tel Aviv courts', () => {
    const doc = readLongDocument(sales);
    expect(doc.meta.title).toBe('Distance Sales Agreement');
    expect(numbers(doc)).toEqual(oneTo(11));
    expect(doc.sections.map((section) => section.title)).toEqual([
      'Parties',
      'Subject of the agreement',
      'Product and price',
      'Payment',
      'Delivery',
      'Right of withdrawal and refunds',
      "Buyer's obligations",
      "Seller's obligations",
      'Force majeure',
      'Disputes',
      'Entry into force',
    ]);
    const text = fullText(doc);
    expect(text).toContain('at least 18 years old');
    expect(text).toContain('notify the seller of any change of address within 5 days');
    expect(text).toContain('Delivery is digital and immediate.');
    expect(text).toContain('within 14 calendar days of the purchase or of a subscription renewal');
    expect(text).toContain('Trial accounts are not refunded.');
    expect(text).toContain('competent courts of Tel Aviv');
  });

  it('copyright policy: who may notify and counter-notify, and every element of a notice', () => {
    const text = fullText(readLongDocument(copyright));
    expect(text).toContain(
      "Only the copyright owner, or a representative authorised to act on the owner's behalf, may file a copyright infringement notification.",
    );
    expect(text).toContain('Only the artist who uploaded the material may file a counter-notification.');
    for (const element of [
      'Identification of the copyrighted work',
      'Identification of the infringing material',
      'URL',
      'Your contact details',
      'A good-faith statement',
      'under penalty of perjury',
      'Your physical or electronic signature.',
      'Repeat infringers',
    ]) {
      expect(text).toContain(element);
    }
  });

  it('privacy policy: effective 29 Oct 2020, version 1.0, our real cookie and storage key', () => {
    const doc = readLongDocument(privacy);
    expect(doc.meta).toMatchObject({ title: 'Privacy Policy', updated: '2020-10-29', version: '1.0' });
    const text = fullText(doc);
    for (const fact of [
      'authToken',
      'HttpOnly',
      'Secure',
      'SameSite=Strict',
      '7 days',
      'tarab.user',
      'we never see or store your card number',
      'We use no advertising cookies, no analytics cookies',
      'hashed with argon2id',
      'Access',
      'Correction',
      'Deletion',
      'Portability',
      'Objection',
    ]) {
      expect(text).toContain(fact);
    }
  });

  it('about us: who we are, the instruments, how artists are paid and a call to action', () => {
    const doc = readLongDocument(about);
    expect(doc.meta).toMatchObject({ title: 'About us', cta_primary_href: '/music', cta_secondary_href: '/pricing' });
    const text = fullText(doc);
    expect(text).toContain("world's first dedicated royalty-free oriental music store");
    for (const word of ['maqamat', 'Oud', 'Qanun', 'Ney', 'Darbuka', 'How artists are paid']) {
      expect(text).toContain(word);
    }
  });

  it('faqs: page labels only (the text is the terms of use)', () => {
    const doc = readLongDocument(faqs);
    expect(doc.meta.title).toBe('FAQs');
    expect(doc.sections).toEqual([]);
  });
});
