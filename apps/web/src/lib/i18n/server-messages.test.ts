import fs from 'node:fs';
import path from 'node:path';
import { AccountMessages } from '@tarab/contracts/account-messages';
import {
  AuthMessages,
  CartMessages,
  CommerceMessages,
  IngestMessages,
  LibraryMessages,
  LicenseMessages,
  TuningMessages,
} from '@tarab/contracts';
import { Messages } from '@tarab/contracts/messages';
import { createIntl } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import arabic from '@/lang/compiled/ar.json';
import { setActiveIntl } from './active-locale';
import { NETWORK_MESSAGE, UNEXPECTED_ANSWER } from '@/lib/api-client';
import {
  clientErrorMessages,
  englishOf,
  featureServerMessages,
  planTexts,
  serverMessages,
} from './server-message-table';
import { loadServerMessages, serverText } from './server-messages';

describe('server messages on the web', () => {
  afterEach(() => setActiveIntl(createIntl({ locale: 'en', defaultLocale: 'en', messages: {} })));

  it('has every message of the contracts, in their exact English', () => {
    const english = Object.fromEntries(Object.entries(serverMessages).map(([id, m]) => [id, m.defaultMessage]));
    expect(english).toEqual({
      ...Object.fromEntries(Object.entries(Messages).map(([key, text]) => [`server.${key}`, text])),
      ...Object.fromEntries(Object.entries(AccountMessages).map(([key, text]) => [`account.server.${key}`, text])),
    });
  });

  it('shows a known message in Arabic on Arabic pages, anything else as it came', async () => {
    expect(serverText(Messages.noMusicFound)).toBe('No music found.');
    await loadServerMessages();
    setActiveIntl(createIntl({ locale: 'ar', defaultLocale: 'en', messages: arabic as never, onError: () => {} }));
    expect(serverText(Messages.noMusicFound)).toBe('لم يُعثر على موسيقى.');
    expect(serverText('Some detail the server made up')).toBe('Some detail the server made up');
  });

  it('knows every message of the library, licence, playlist-checkout, commerce, tuning and account-validation answers', async () => {
    await loadServerMessages();
    // Their texts (not one object: their keys repeat, `notFound`…).
    const contractTexts: string[] = [
      LibraryMessages,
      LicenseMessages,
      CartMessages,
      AuthMessages,
      CommerceMessages,
      TuningMessages,
    ].flatMap((group) => Object.values(group));
    const known = new Set<string>(
      [...Object.values(serverMessages), ...Object.values(featureServerMessages)].map((m) => String(m.defaultMessage)),
    );
    expect(contractTexts.filter((text) => !known.has(text))).toEqual([]);
    // Each text of the table is one of those contracts' texts, exactly.
    const ingestTexts = Object.values<unknown>(IngestMessages).filter(
      (text): text is string => typeof text === 'string',
    );
    const texts = new Set<string>([...contractTexts, ...ingestTexts]);
    expect(Object.values(featureServerMessages).filter((m) => !texts.has(String(m.defaultMessage)))).toEqual([]);
    setActiveIntl(createIntl({ locale: 'ar', defaultLocale: 'en', messages: arabic as never, onError: () => {} }));
    expect(serverText(LibraryMessages.sharedNotFound)).toBe('قائمة التشغيل هذه غير موجودة أو لم تعد مشتركة.');
    expect(contractTexts.filter((text) => serverText(text) === text)).toEqual([]);
    // The upload's texts its own table (ingestText) does not cover come through here.
    expect(
      [IngestMessages.tooShort, IngestMessages.metadataMissing].filter((text) => serverText(text) === text),
    ).toEqual([]);
  });

  it("shows the client's own failure texts, and the browsers' for a fetch without an answer, in Arabic", async () => {
    await loadServerMessages();
    const english = Object.values(clientErrorMessages).map((m) => String(m.defaultMessage));
    expect(english).toEqual(expect.arrayContaining([NETWORK_MESSAGE, UNEXPECTED_ANSWER, 'Failed to fetch']));
    setActiveIntl(createIntl({ locale: 'ar', defaultLocale: 'en', messages: arabic as never, onError: () => {} }));
    expect(english.filter((text) => serverText(text) === text)).toEqual([]);
  });

  it("shows the seeded plans' names, descriptions and features in Arabic, exactly the seed's texts", async () => {
    const seed = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../server/src/seed/plans.ts'), 'utf8');
    const catalog = seed.slice(seed.indexOf('planCatalog'), seed.indexOf('] as const;'));
    // Every string of the catalogue but codes and intervals: names, descriptions, features.
    const seeded = [...catalog.matchAll(/'([^']+)'/g)].map((m) => m[1]!).filter((text) => !/^[a-z_]+$/.test(text));
    expect(seeded.length).toBeGreaterThan(12);
    expect(
      Object.values(planTexts)
        .map((m) => String(m.defaultMessage))
        .sort(),
    ).toEqual([...new Set(seeded)].sort());
    await loadServerMessages();
    setActiveIntl(createIntl({ locale: 'ar', defaultLocale: 'en', messages: arabic as never, onError: () => {} }));
    expect(serverText('Creator')).toBe('المبدع');
    expect(seeded.filter((text) => serverText(text) === text)).toEqual([]);
  });

  it("reads a message's English from its text, or from its precompiled AST as the build has it", () => {
    expect(englishOf({ id: 'a', defaultMessage: 'Playlist deleted.' })).toBe('Playlist deleted.');
    expect(englishOf({ id: 'a', defaultMessage: [{ type: 0, value: 'Playlist deleted.' }] })).toBe('Playlist deleted.');
    expect(englishOf({ id: 'a', defaultMessage: [{ type: 1, value: 'name' }] })).toBeNull();
  });
});
