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
  });

  it('starts over https when the operator chooses Stripe or says so explicitly', () => {
    const stripe = loadConfig({ ...https, STRIPE_SECRET_KEY: 'sk_test_x', DEMO_ACCOUNTS: 'false' });
    expect(stripe.payments.driver).toBe('stripe');
    expect(stripe.demoAccounts).toBe(false);
    const explicit = loadConfig({ ...https, PAYMENTS: 'local', DEMO_ACCOUNTS: 'true' });
    expect(explicit.payments.driver).toBe('local');
    expect(explicit.demoAccounts).toBe(true);
    const noCatalog = loadConfig({ ...https, STRIPE_SECRET_KEY: 'sk_test_x', DEMO_CATALOG: 'none' });
    expect(noCatalog.demoCatalog).toBe('none');
  });

  it('reports an invalid variable as a ConfigError on one line', () => {
    const error = refusal({ PORT: 'eighty', DEMO_ACCOUNTS: 'yes' });
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/PORT/);
    expect((error as Error).message).toMatch(/DEMO_ACCOUNTS/);
    expect((error as Error).message).not.toContain('\n');
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
