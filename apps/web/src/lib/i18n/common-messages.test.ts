import { AccountMessages } from '@tarab/contracts/account-messages';
import { Messages } from '@tarab/contracts/messages';
import { describe, expect, it } from 'vitest';
import { commonMessages } from './common-messages';

describe("the spec's texts the web app shows on its own", () => {
  it("are the spec's English exactly", () => {
    const spec: Record<string, string> = {
      ...Messages,
      noTrialEmailNotVerified: AccountMessages.noTrialEmailNotVerified,
    };
    for (const [key, descriptor] of Object.entries(commonMessages))
      expect(descriptor.defaultMessage, key).toBe(spec[key]);
  });
});
