import { AccountMessages } from '@tarab/contracts/account-messages';
import { AuthMessages, CartMessages, LibraryMessages, LicenseMessages } from '@tarab/contracts';
import { Messages } from '@tarab/contracts/messages';
import { createIntl } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import arabic from '@/lang/compiled/ar.json';
import { setActiveIntl } from './active-locale';
import { englishOf, featureServerMessages, serverMessages } from './server-message-table';
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

  it('knows every message of the library, licence, playlist-checkout and account-validation answers', async () => {
    await loadServerMessages();
    const contracts = { ...LibraryMessages, ...LicenseMessages, ...CartMessages, ...AuthMessages };
    const known = new Set([
      ...Object.values(serverMessages).map((m) => m.defaultMessage),
      ...Object.values(featureServerMessages).map((m) => m.defaultMessage),
    ]);
    expect(Object.values(contracts).filter((text) => !known.has(text))).toEqual([]);
    // Each text of the table is one of those contracts' texts, exactly.
    const texts = new Set<string>(Object.values(contracts));
    expect(Object.values(featureServerMessages).filter((m) => !texts.has(String(m.defaultMessage)))).toEqual([]);
    setActiveIntl(createIntl({ locale: 'ar', defaultLocale: 'en', messages: arabic as never, onError: () => {} }));
    expect(serverText(LibraryMessages.sharedNotFound)).toBe('قائمة التشغيل هذه غير موجودة أو لم تعد مشتركة.');
    expect(Object.values(contracts).filter((text) => serverText(text) === text)).toEqual([]);
  });

  it("reads a message's English from its text, or from its precompiled AST as the build has it", () => {
    expect(englishOf({ id: 'a', defaultMessage: 'Playlist deleted.' })).toBe('Playlist deleted.');
    expect(englishOf({ id: 'a', defaultMessage: [{ type: 0, value: 'Playlist deleted.' }] })).toBe('Playlist deleted.');
    expect(englishOf({ id: 'a', defaultMessage: [{ type: 1, value: 'name' }] })).toBeNull();
  });
});
