import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const https = { PUBLIC_URL: 'https://tarab.example' };
const refusal = (env: NodeJS.ProcessEnv) => {
  try {
    loadConfig(env);
  } catch (error) {
    return error;
  }
  return null;
};

describe('loadConfig: production-safe defaults', () => {
  it('keeps the demo (local test cards, demo accounts) when PUBLIC_URL is unset or http', () => {
    for (const env of [{}, { PUBLIC_URL: 'http://localhost:8080' }]) {
      const config = loadConfig(env);
      expect(config.payments.driver).toBe('local');
      expect(config.demoAccounts).toBe(true);
    }
  });

  it('refuses an https PUBLIC_URL with the local test-card driver by default, naming the variable', () => {
    const error = refusal({ ...https, DEMO_ACCOUNTS: 'false' });
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).not.toContain('\n');
    expect((error as Error).message).toMatch(/STRIPE_SECRET_KEY/);
    expect((error as Error).message).toMatch(/PAYMENTS=local/);
  });

  it('refuses an https PUBLIC_URL that would create the demo accounts, naming DEMO_ACCOUNTS', () => {
    const error = refusal({ ...https, PAYMENTS: 'local' });
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).not.toContain('\n');
    expect((error as Error).message).toMatch(/DEMO_ACCOUNTS=false/);
    // A data folder that already ran the demo holds them: the line names the one command that removes them.
    expect((error as Error).message).toMatch(/npm run demo:remove/);
  });

  it('starts over https when the operator chooses Stripe or says so explicitly', () => {
    const stripe = loadConfig({
      ...https,
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      DEMO_ACCOUNTS: 'false',
    });
    expect(stripe.payments.driver).toBe('stripe');
    expect(stripe.demoAccounts).toBe(false);
    const explicit = loadConfig({ ...https, PAYMENTS: 'local', DEMO_ACCOUNTS: 'true' });
    expect(explicit.payments.driver).toBe('local');
    expect(explicit.demoAccounts).toBe(true);
    const noCatalog = loadConfig({
      ...https,
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      DEMO_CATALOG: 'none',
    });
    expect(noCatalog.demoCatalog).toBe('none');
    // No catalog to seed, but demo accounts already in the database are still refused (bootstrap).
    expect(noCatalog.demoAccounts).toBe(false);
  });

  it('reports an invalid variable as a ConfigError on one line', () => {
    const error = refusal({ PORT: 'eighty', DEMO_ACCOUNTS: 'yes' });
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/PORT/);
    expect((error as Error).message).toMatch(/DEMO_ACCOUNTS/);
    expect((error as Error).message).not.toContain('\n');
  });
});

/** The message of the ConfigError `env` is refused with (one line), or fails the test. */
const refusedWith = (env: NodeJS.ProcessEnv): string => {
  const error = refusal(env);
  expect(error, JSON.stringify(env)).toBeInstanceOf(ConfigError);
  const message = (error as Error).message;
  expect(message).not.toContain('\n');
  return message;
};

describe('loadConfig: the production guards read PUBLIC_URL as a URL and HOST as an address (issue #31)', () => {
  const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

  it('treats an https PUBLIC_URL in any letter case as https', () => {
    for (const PUBLIC_URL of ['HTTPS://tarab.example', 'Https://tarab.example/', 'hTTpS://TARAB.example:8443/shop/']) {
      expect(refusedWith({ PUBLIC_URL, DEMO_ACCOUNTS: 'false' })).toMatch(
        /^Refusing to start: PUBLIC_URL is https.*PAYMENTS=local/,
      );
      expect(refusedWith({ PUBLIC_URL, PAYMENTS: 'local' })).toMatch(/DEMO_ACCOUNTS=false/);
      const config = loadConfig({ PUBLIC_URL, ...stripe, DEMO_ACCOUNTS: 'false' });
      expect(config.demoAccounts).toBe(false);
      expect(config.publicUrl).toMatch(/^https:\/\/tarab\.example(:8443\/shop)?$/);
    }
    expect(refusedWith({ PUBLIC_URL: 'ftp://tarab.example' })).toMatch(/PUBLIC_URL/);
  });

  it('refuses a production start on a non-loopback HOST without PUBLIC_URL, naming PUBLIC_URL', () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20', '2001:db8::1', 'tarab.example', '::ffff:10.0.0.1']) {
      const message = refusedWith({ NODE_ENV: 'production', HOST, ...stripe, DEMO_ACCOUNTS: 'false' });
      expect(message).toMatch(/^Refusing to start: NODE_ENV=production .*without PUBLIC_URL/);
      expect(message).toMatch(/HOST=127\.0\.0\.1/);
    }
  });

  it('keeps `npm start` (production on the loopback default) the local demo: test cards and demo accounts', () => {
    for (const env of [
      { NODE_ENV: 'production' },
      ...['127.0.0.1', '127.4.5.6', '::1', '[::1]', 'localhost', '::ffff:127.0.0.1'].map((HOST) => ({
        NODE_ENV: 'production',
        HOST,
      })),
    ]) {
      const config = loadConfig(env);
      expect(config.payments.driver, JSON.stringify(env)).toBe('local');
      expect(config.demoAccounts, JSON.stringify(env)).toBe(true);
    }
    expect(loadConfig({ NODE_ENV: 'production' }).host).toBe('127.0.0.1');
  });

  it('does not want demo accounts on a production start open to a network, whatever the PUBLIC_URL scheme', () => {
    const lan = { NODE_ENV: 'production', HOST: '0.0.0.0', PUBLIC_URL: 'http://shop.lan:8080', PAYMENTS: 'local' };
    expect(refusedWith(lan)).toMatch(
      /^Refusing to start: NODE_ENV=production listens on HOST=0\.0\.0\.0 .*DEMO_ACCOUNTS=false/,
    );
    expect(refusedWith({ ...lan, PAYMENTS: undefined, DEMO_ACCOUNTS: 'false' })).toMatch(/PAYMENTS=local/);
    const off = loadConfig({ ...lan, DEMO_ACCOUNTS: 'false' });
    expect(off.demoAccounts).toBe(false);
    expect(off.demoAccountsOff).toBe('DEMO_ACCOUNTS=false');
    const none = loadConfig({ ...lan, DEMO_CATALOG: 'none' });
    expect(none.demoAccounts).toBe(false);
    expect(none.demoAccountsOff).toMatch(/HOST=0\.0\.0\.0/);
    // On purpose: a demo on a network, by name.
    expect(loadConfig({ ...lan, DEMO_ACCOUNTS: 'true' }).demoAccounts).toBe(true);
  });

  it('refuses the stripe driver without its webhook secret, naming STRIPE_WEBHOOK_SECRET', () => {
    for (const env of [
      { STRIPE_SECRET_KEY: 'sk_test_x' },
      { PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' },
      { ...https, STRIPE_SECRET_KEY: 'sk_test_x', DEMO_ACCOUNTS: 'false' },
    ]) {
      expect(refusedWith(env)).toMatch(/^Refusing to start: the stripe payment driver needs STRIPE_WEBHOOK_SECRET/);
    }
    expect(refusedWith({ PAYMENTS: 'stripe' })).toMatch(/STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
    expect(loadConfig(stripe).payments.driver).toBe('stripe');
    // The local driver chosen by name needs no Stripe secret at all.
    expect(loadConfig({ PAYMENTS: 'local', STRIPE_SECRET_KEY: 'sk_test_x' }).payments.driver).toBe('local');
  });

  it('takes DEMO_ADMIN_PASSWORD for tests and local demos only', () => {
    expect(loadConfig({ DEMO_ADMIN_PASSWORD: 'a-test-only-password' }).demoAdminPassword).toBe('a-test-only-password');
    expect(loadConfig({}).demoAdminPassword).toBeUndefined();
    for (const env of [
      { ...https, PAYMENTS: 'local', DEMO_ACCOUNTS: 'true' },
      {
        NODE_ENV: 'production',
        HOST: '0.0.0.0',
        PUBLIC_URL: 'http://shop.lan',
        PAYMENTS: 'local',
        DEMO_ACCOUNTS: 'true',
      },
    ]) {
      expect(refusedWith({ ...env, DEMO_ADMIN_PASSWORD: 'a-test-only-password' })).toMatch(/DEMO_ADMIN_PASSWORD/);
    }
  });
});

describe('loadConfig: TRUST_PROXY (issue #31)', () => {
  it('takes a number of proxies or a list of addresses and CIDRs; none by default', () => {
    const cases: [string | undefined, unknown][] = [
      [undefined, false],
      ['false', false],
      ['0', false],
      ['1', 1],
      ['2', 2],
      ['127.0.0.1', ['127.0.0.1']],
      ['10.0.0.0/8', ['10.0.0.0/8']],
      [' 10.0.0.0/8 , 172.16.0.0/12,fd00::/8 ', ['10.0.0.0/8', '172.16.0.0/12', 'fd00::/8']],
      ['::1, 2001:db8::/32', ['::1', '2001:db8::/32']],
      ['loopback', ['loopback']],
    ];
    for (const [TRUST_PROXY, expected] of cases) {
      expect(loadConfig(TRUST_PROXY === undefined ? {} : { TRUST_PROXY }).trustProxy, TRUST_PROXY).toEqual(expected);
    }
  });

  it('refuses TRUST_PROXY=true in one line saying what to write instead', () => {
    for (const TRUST_PROXY of ['true', 'TRUE', ' true ']) {
      const message = refusedWith({ TRUST_PROXY });
      expect(message).toMatch(/TRUST_PROXY=true trusts every X-Forwarded-For hop/);
      expect(message).toMatch(/TRUST_PROXY=1\b/);
      expect(message).toMatch(/TRUST_PROXY=10\.0\.0\.0\/8/);
    }
  });

  it('refuses what is neither a count nor addresses', () => {
    for (const TRUST_PROXY of [
      'yes',
      '1.5',
      '-1',
      '10.0.0.0/33',
      'fd00::/129',
      '10.0.0.1/8/8',
      '300.1.1.1',
      ',',
      '99',
    ]) {
      expect(refusedWith({ TRUST_PROXY }), TRUST_PROXY).toMatch(/TRUST_PROXY/);
    }
  });

  it('refuses, in one line, ranges that would trust every client (or a public range no proxy has)', () => {
    for (const TRUST_PROXY of [
      '0.0.0.0/0',
      '::/0',
      '0.0.0.0/1,128.0.0.0/1',
      '10.0.0.1, 64.0.0.0/2',
      '::/1',
      '::ffff:0:0/96',
      '2000::/3',
      '1.0.0.0/7',
    ]) {
      const message = refusedWith({ TRUST_PROXY });
      expect(message, TRUST_PROXY).toMatch(
        /^Refusing to start: TRUST_PROXY: .* would trust addresses no proxy of yours has/,
      );
      expect(message.split('\n')).toHaveLength(1);
    }
    // A provider's published ranges and any part of a private block are fine.
    for (const TRUST_PROXY of ['104.16.0.0/13, 2400:cb00::/32', '172.16.0.0/12', 'fd00::/8', '10.1.0.0/16']) {
      expect(loadConfig({ TRUST_PROXY }).trustProxy, TRUST_PROXY).toEqual(TRUST_PROXY.split(',').map((x) => x.trim()));
    }
  });
});

describe('loadConfig: MODERATION', () => {
  it('is off by default, on with MODERATION=on, and refuses anything else', () => {
    expect(loadConfig({}).moderation).toBe(false);
    expect(loadConfig({ MODERATION: 'off' }).moderation).toBe(false);
    expect(loadConfig({ MODERATION: 'on' }).moderation).toBe(true);
    const error = refusal({ MODERATION: 'yes' });
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/MODERATION/);
  });
});

describe('loadConfig: the header shop links (issue #32)', () => {
  it('reads SHOP_CUSTOM_MUSIC_URL and SHOP_LOOPS_URL, and leaves them unset by default', () => {
    expect(loadConfig({}).shopLinks).toEqual({ customMusic: undefined, loops: undefined });
    expect(
      loadConfig({ SHOP_CUSTOM_MUSIC_URL: 'https://shop.example.com/custom', SHOP_LOOPS_URL: 'http://loops.example/' })
        .shopLinks,
    ).toEqual({ customMusic: 'https://shop.example.com/custom', loops: 'http://loops.example/' });
  });

  it('refuses an address that is not http(s), naming the variable', () => {
    for (const env of [{ SHOP_LOOPS_URL: 'javascript:alert(1)' }, { SHOP_CUSTOM_MUSIC_URL: 'not a url' }]) {
      const error = refusal(env);
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(new RegExp(Object.keys(env)[0]!));
    }
  });
});
