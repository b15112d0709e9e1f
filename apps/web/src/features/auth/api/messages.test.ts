import { Messages } from '@tarab/contracts';
import { describe, expect, it } from 'vitest';
import { LOGOUT_FAILURE_MESSAGE, LOGOUT_SUCCESS_MESSAGE } from './logout';

// The web keeps its own copies (importing @tarab/contracts at run time would bundle zod);
// this keeps them spelled exactly as the contract says.
describe('logout messages', () => {
  it('match the contract', () => {
    expect(LOGOUT_SUCCESS_MESSAGE).toBe(Messages.loggedOut);
    expect(LOGOUT_FAILURE_MESSAGE).toBe(Messages.logoutFailedToast);
  });
});
