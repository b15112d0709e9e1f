import { AccountMessages } from '@tarab/contracts/account-messages';
import { Messages } from '@tarab/contracts/messages';
import { createIntl } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import arabic from '@/lang/compiled/ar.json';
import { setActiveIntl } from './active-locale';
import { serverMessages } from './server-message-table';
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
});
