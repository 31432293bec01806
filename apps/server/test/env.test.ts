// The environment is checked once at boot: a bad value stops start-up naming the variable.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../src/lib/env.ts';

const base = {
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pitstop-env-')),
  SESSION_SECRET: 'x'.repeat(40),
};

describe('configuration', () => {
  it('refuses a plain-http public address in production, where cookies must be Secure', () => {
    expect(() =>
      loadEnv({ ...base, NODE_ENV: 'production', APP_URL: 'http://pitstop.example' }),
    ).toThrow(/^Invalid configuration: APP_URL must be an https:\/\/ address in production/);
    expect(
      loadEnv({ ...base, NODE_ENV: 'production', APP_URL: 'https://pitstop.example' }),
    ).toMatchObject({ appUrl: 'https://pitstop.example' });
    // This machine alone may use http, so `npm start` works as it is.
    for (const local of ['http://localhost:3000', 'http://127.0.0.1:4000']) {
      expect(loadEnv({ ...base, NODE_ENV: 'production', APP_URL: local }).appUrl).toBe(local);
    }
    expect(loadEnv({ ...base, NODE_ENV: 'production' }).appUrl).toBe('http://localhost:3000');
    // Listening for other machines needs the site's https address.
    expect(() => loadEnv({ ...base, NODE_ENV: 'production', HOST: '0.0.0.0' })).toThrow(
      "Invalid configuration: APP_URL must be set to the site's https:// address when HOST is 0.0.0.0",
    );
    expect(
      loadEnv({
        ...base,
        NODE_ENV: 'production',
        HOST: '0.0.0.0',
        APP_URL: 'https://pitstop.example',
      }).host,
    ).toBe('0.0.0.0');
    expect(
      loadEnv({ ...base, NODE_ENV: 'development', APP_URL: 'http://pitstop.lan' }).appUrl,
    ).toBe('http://pitstop.lan');
  });

  it('believes X-Forwarded-For only from a configured number of proxy hops', () => {
    expect(loadEnv({ ...base }).trustProxy).toBeUndefined();
    expect(loadEnv({ ...base, TRUST_PROXY: '' }).trustProxy).toBeUndefined();
    expect(loadEnv({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    for (const bad of ['true', '0', '-1', '11', '1.5']) {
      expect(() => loadEnv({ ...base, TRUST_PROXY: bad })).toThrow(
        'Invalid configuration: TRUST_PROXY must be a number of proxy hops (1 to 10)',
      );
    }
  });

  it('reads an empty PORT as unset, not as 0 (a random port)', () => {
    expect(loadEnv({ ...base, PORT: '' }).port).toBe(3000);
    expect(loadEnv({ ...base, PORT: '' }).appUrl).toBe('http://localhost:3000');
    expect(loadEnv({ ...base, PORT: '8080' }).appUrl).toBe('http://localhost:8080');
    for (const bad of ['eighty', '70000', '-1', '80.5']) {
      expect(() => loadEnv({ ...base, PORT: bad })).toThrow(
        'Invalid configuration: PORT must be a port number (0 to 65535)',
      );
    }
  });

  it('takes both Stripe keys or neither, and STRIPE_API_URL to send Stripe calls elsewhere', () => {
    expect(loadEnv({ ...base }).stripe).toBeUndefined();
    const keys = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    expect(loadEnv({ ...base, ...keys }).stripe).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      apiUrl: undefined,
    });
    expect(() => loadEnv({ ...base, STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      'Invalid configuration: STRIPE_WEBHOOK_SECRET set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or neither',
    );
    expect(
      loadEnv({ ...base, ...keys, STRIPE_API_URL: 'http://127.0.0.1:12111/' }).stripe?.apiUrl,
    ).toBe('http://127.0.0.1:12111');
    expect(loadEnv({ ...base, ...keys, STRIPE_API_URL: '' }).stripe?.apiUrl).toBeUndefined();
    // Without keys there is no Stripe to point anywhere: the local checkout is used.
    expect(loadEnv({ ...base, STRIPE_API_URL: 'http://127.0.0.1:12111' }).stripe).toBeUndefined();
    for (const bad of ['stripe', 'ftp://127.0.0.1', '127.0.0.1:12111']) {
      expect(() => loadEnv({ ...base, ...keys, STRIPE_API_URL: bad })).toThrow(
        'Invalid configuration: STRIPE_API_URL must be an http:// or https:// address',
      );
    }
  });

  it('takes all three Twilio settings or none, and TWILIO_API_URL to send its calls elsewhere', () => {
    expect(loadEnv({ ...base }).texts).toEqual({ provider: 'dev' });
    const twilio = {
      TWILIO_ACCOUNT_SID: 'AC0123',
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+15550104477',
    };
    expect(loadEnv({ ...base, ...twilio }).texts).toEqual({
      provider: 'twilio',
      accountSid: 'AC0123',
      authToken: 'token',
      from: '+15550104477',
      apiUrl: undefined,
    });
    expect(() => loadEnv({ ...base, ...twilio, TWILIO_AUTH_TOKEN: '' })).toThrow(
      'Invalid configuration: TWILIO_AUTH_TOKEN set all of TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM, or none',
    );
    expect(() => loadEnv({ ...base, TWILIO_FROM: '+15550104477' })).toThrow(
      'Invalid configuration: TWILIO_ACCOUNT_SID set all of',
    );
    expect(() => loadEnv({ ...base, ...twilio, TWILIO_FROM: '(555) 010-4477' })).toThrow(
      'Invalid configuration: TWILIO_FROM must be a phone number in E.164 form, like +15550104477',
    );
    expect(
      loadEnv({ ...base, ...twilio, TWILIO_API_URL: 'http://127.0.0.1:4010/' }).texts,
    ).toMatchObject({ apiUrl: 'http://127.0.0.1:4010' });
    expect(() => loadEnv({ ...base, ...twilio, TWILIO_API_URL: 'twilio' })).toThrow(
      'Invalid configuration: TWILIO_API_URL must be an http:// or https:// address',
    );
  });

  it('says when the session secret is the generated one', () => {
    expect(loadEnv({ ...base }).isSessionSecretGenerated).toBe(false);
    expect(loadEnv({ DATA_DIR: base.DATA_DIR }).isSessionSecretGenerated).toBe(true);
  });
});
