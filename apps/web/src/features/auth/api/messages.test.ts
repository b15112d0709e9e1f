import { Messages } from '@tarab/contracts';
import { describe, expect, it } from 'vitest';
import { LOGOUT_FAILURE_MESSAGE, LOGOUT_SUCCESS_MESSAGE } from './logout';

// The web's messages (lib/i18n/common-messages.ts) say what the contract says, in English;
// this keeps them spelled exactly so.
describe('logout messages', () => {
  it('match the contract', () => {
    expect(LOGOUT_SUCCESS_MESSAGE.defaultMessage).toBe(Messages.loggedOut);
    expect(LOGOUT_FAILURE_MESSAGE.defaultMessage).toBe(Messages.logoutFailedToast);
  });
});
