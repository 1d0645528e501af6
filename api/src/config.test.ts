import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  loadConfig,
  SANDBOX_PHONE_HASH_SECRET,
  SANDBOX_WEBHOOK_SECRET,
  SANDBOX_YOUTUBE_TOKEN_KEY,
} from './config.ts';
import { cspSourcesFor } from './http/security.ts';

const JWT_SECRET = 'x'.repeat(40);
const LIVE = {
  NODE_ENV: 'production',
  JWT_SECRET,
  PAYER_HASH_SECRET: 'p'.repeat(40),
  FIREBASE_SERVICE_ACCOUNT: '{"project_id":"shabaash-prod"}',
  FIREBASE_PROJECT_ID: 'shabaash-prod',
  RAZORPAY_KEY_ID: 'rzp_live_abc',
  RAZORPAY_KEY_SECRET: 'live-secret',
  RAZORPAY_WEBHOOK_SECRET: 'dashboard-webhook-secret',
  PHONE_HASH_SECRET: 'p'.repeat(40),
};

function refusal(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
  throw new Error('the configuration was accepted');
}

describe('loadConfig', () => {
  it('runs everything in sandbox by default: embedded database, Auth emulator, Razorpay simulator', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      paymentsSandbox: true,
      authEmulator: true,
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      RAZORPAY_WEBHOOK_SECRET: SANDBOX_WEBHOOK_SECRET,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names the variable of a bad value', () => {
    expect(refusal({ PORT: 'eighty' })).toMatch(/^Invalid configuration:\n {2}PORT: /);
    expect(refusal({ CASHBACK_BASIS_POINTS: '-1' })).toContain('CASHBACK_BASIS_POINTS');
    expect(refusal({ RAZORPAY_KEY_ID: 'rzp_test_1' })).toContain('RAZORPAY_KEY_SECRET: set both');
    expect(refusal({ LANDING_TIPS_FIGURE: 'lots' })).toContain(
      "LANDING_TIPS_FIGURE: use spec (the SPEC's 2.5M+), count (this deployment's own tips, rounded) or hidden",
    );
  });

  it('accepts a complete production configuration', () => {
    expect(loadConfig(LIVE)).toMatchObject({ paymentsSandbox: false, authEmulator: false });
  });

  it('refuses production on sandbox parts: the Auth emulator, the Razorpay simulator, no JWT or payer hash secret', () => {
    expect(refusal({ ...LIVE, FIREBASE_SERVICE_ACCOUNT: undefined })).toContain(
      'FIREBASE_AUTH_EMULATOR_HOST',
    );
    expect(refusal({ ...LIVE, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toContain('unsigned');
    expect(refusal({ ...LIVE, RAZORPAY_KEY_ID: undefined, RAZORPAY_KEY_SECRET: undefined })).toContain(
      'RAZORPAY_KEY_ID: production refuses the Razorpay simulator',
    );
    expect(refusal({ ...LIVE, JWT_SECRET: undefined })).toContain('JWT_SECRET: required in production');
    expect(refusal({ ...LIVE, PAYER_HASH_SECRET: undefined })).toContain(
      'PAYER_HASH_SECRET: required in production',
    );
  });

  it('hashes real phone numbers only with a secret of the deployment, never the public sandbox key', () => {
    expect(refusal({ ...LIVE, PHONE_HASH_SECRET: undefined })).toContain(
      'PHONE_HASH_SECRET: required in production',
    );
    expect(refusal({ ...LIVE, NODE_ENV: 'development', PHONE_HASH_SECRET: undefined })).toContain(
      'PHONE_HASH_SECRET: required with FIREBASE_SERVICE_ACCOUNT',
    );
    expect(refusal({ ...LIVE, PHONE_HASH_SECRET: 'too-short' })).toContain('PHONE_HASH_SECRET');
    expect(loadConfig(LIVE).phoneHashSecret).toBe(LIVE.PHONE_HASH_SECRET);
    expect(loadConfig({}).phoneHashSecret).toBe(SANDBOX_PHONE_HASH_SECRET);
  });

  describe('the production rehearsal (a standalone simulator and the Auth emulator behind production settings)', () => {
    const REHEARSAL = {
      ...LIVE,
      RAZORPAY_HOST_URL: 'http://127.0.0.1:4010',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    };

    it('production refuses the stand-ins without PRODUCTION_REHEARSAL', () => {
      expect(refusal(REHEARSAL)).toContain(
        'FIREBASE_AUTH_EMULATOR_HOST: production refuses the Auth emulator',
      );
      expect(refusal({ ...REHEARSAL, FIREBASE_AUTH_EMULATOR_HOST: undefined })).toContain(
        'RAZORPAY_HOST_URL: production talks to Razorpay itself',
      );
      expect(refusal({ ...REHEARSAL, PRODUCTION_REHEARSAL: 'false' })).toContain(
        'FIREBASE_AUTH_EMULATOR_HOST',
      );
    });

    it('accepts loopback stand-ins with PRODUCTION_REHEARSAL, and keeps every other production requirement', () => {
      for (const [razorpay, emulator] of [
        ['http://127.0.0.1:4010', '127.0.0.1:9099'],
        ['http://localhost:4010', 'localhost:9099'],
        ['http://[::1]:4010', '[::1]:9099'],
      ] as const) {
        const config = loadConfig({
          ...REHEARSAL,
          PRODUCTION_REHEARSAL: 'true',
          RAZORPAY_HOST_URL: razorpay,
          FIREBASE_AUTH_EMULATOR_HOST: emulator,
        });
        expect(config).toMatchObject({
          productionRehearsal: true,
          paymentsSandbox: false,
          authEmulator: false,
        });
      }
      const rehearsal = { ...REHEARSAL, PRODUCTION_REHEARSAL: 'true' };
      expect(refusal({ ...rehearsal, JWT_SECRET: undefined })).toContain(
        'JWT_SECRET: required in production',
      );
      expect(refusal({ ...rehearsal, PHONE_HASH_SECRET: undefined })).toContain('PHONE_HASH_SECRET');
      expect(refusal({ ...rehearsal, PAYER_HASH_SECRET: undefined })).toContain('PAYER_HASH_SECRET');
      expect(refusal({ ...rehearsal, FIREBASE_SERVICE_ACCOUNT: undefined })).toContain(
        'set FIREBASE_SERVICE_ACCOUNT',
      );
      expect(refusal({ ...rehearsal, RAZORPAY_KEY_ID: undefined, RAZORPAY_KEY_SECRET: undefined })).toContain(
        'production refuses the Razorpay simulator',
      );
      expect(refusal({ ...rehearsal, RAZORPAY_WEBHOOK_SECRET: SANDBOX_WEBHOOK_SECRET })).toContain(
        'RAZORPAY_WEBHOOK_SECRET',
      );
      expect(
        loadConfig({ ...LIVE, PRODUCTION_REHEARSAL: 'true', NODE_ENV: 'development' }).productionRehearsal,
      ).toBe(false);
    });

    it('refuses a stand-in that is not on this machine, even with PRODUCTION_REHEARSAL', () => {
      const rehearsal = { ...REHEARSAL, PRODUCTION_REHEARSAL: 'true' };
      expect(refusal({ ...rehearsal, RAZORPAY_HOST_URL: 'https://api.example.com' })).toContain(
        'RAZORPAY_HOST_URL: PRODUCTION_REHEARSAL allows only a loopback address',
      );
      expect(refusal({ ...rehearsal, RAZORPAY_HOST_URL: 'http://10.0.0.5:4010' })).toContain('not 10.0.0.5');
      expect(refusal({ ...rehearsal, FIREBASE_AUTH_EMULATOR_HOST: '192.168.1.20:9099' })).toContain(
        'FIREBASE_AUTH_EMULATOR_HOST: PRODUCTION_REHEARSAL allows only a loopback address',
      );
      expect(refusal({ ...rehearsal, FIREBASE_AUTH_EMULATOR_HOST: 'localhost.example.com:9099' })).toContain(
        'FIREBASE_AUTH_EMULATOR_HOST',
      );
      expect(refusal({ ...rehearsal, FIREBASE_AUTH_EMULATOR_HOST: '0.0.0.0:9099' })).toContain(
        'FIREBASE_AUTH_EMULATOR_HOST',
      );
    });
  });

  it('refuses live Razorpay keys with the public sandbox webhook secret, in any mode', () => {
    for (const NODE_ENV of ['production', 'development']) {
      expect(refusal({ ...LIVE, NODE_ENV, RAZORPAY_WEBHOOK_SECRET: undefined })).toContain(
        'RAZORPAY_WEBHOOK_SECRET: set the webhook secret of your Razorpay dashboard',
      );
      expect(refusal({ ...LIVE, NODE_ENV, RAZORPAY_WEBHOOK_SECRET: SANDBOX_WEBHOOK_SECRET })).toContain(
        'RAZORPAY_WEBHOOK_SECRET',
      );
    }
  });
});

describe('content security policy sources', () => {
  it('production allows exactly the Firebase, reCAPTCHA and Razorpay hosts the PWA loads', () => {
    expect(cspSourcesFor(loadConfig(LIVE))).toEqual({
      connect: [
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
        'https://api.razorpay.com',
        'https://lumberjack.razorpay.com',
      ],
      script: [
        'https://www.google.com',
        'https://www.gstatic.com',
        'https://apis.google.com',
        'https://checkout.razorpay.com',
      ],
      frame: [
        'https://www.google.com',
        'https://shabaash-prod.firebaseapp.com',
        'https://api.razorpay.com',
        'https://checkout.razorpay.com',
      ],
    });
  });

  it('sandbox allows only the Auth emulator beyond our own origin', () => {
    expect(cspSourcesFor(loadConfig({}))).toEqual({
      connect: ['http://127.0.0.1:9099'],
      script: [],
      frame: [],
    });
  });
});

describe('where the server listens', () => {
  it('the sandbox (free /sandbox/payments) listens on 127.0.0.1 unless HOST is set', () => {
    expect(loadConfig({}).listenHost).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).listenHost).toBe('0.0.0.0');
    expect(loadConfig({ ...LIVE }).listenHost).toBe('0.0.0.0');
    expect(loadConfig({ ...LIVE, HOST: '10.0.0.5' }).listenHost).toBe('10.0.0.5');
  });

  it('caps connections per address directly on the internet, not behind a trusted proxy', () => {
    expect(loadConfig({}).maxConnectionsPerIp).toBe(4096);
    expect(loadConfig({ MAX_CONNECTIONS_PER_IP: '50' }).maxConnectionsPerIp).toBe(50);
    expect(loadConfig({ TRUST_PROXY: 'true' }).maxConnectionsPerIp).toBe(0);
  });
});

describe('the legal settings for India', () => {
  it('keeps the stored wallet in sandbox and turns it off with Razorpay keys unless WALLET_MODE says otherwise', () => {
    expect(loadConfig({}).legal.walletMode).toBe('stored');
    expect(loadConfig({ WALLET_MODE: 'off' }).legal.walletMode).toBe('off');
    expect(loadConfig(LIVE).legal.walletMode).toBe('off');
    expect(loadConfig({ ...LIVE, WALLET_MODE: 'stored' }).legal.walletMode).toBe('stored');
    expect(refusal({ WALLET_MODE: 'prepaid' })).toContain('WALLET_MODE');
  });

  it('deducts no TDS by default, and reads the rates as percentages and the exemption in rupees', () => {
    const none = loadConfig({});
    expect(none.legal.tds194o).toBeNull();
    expect(none.legal.platformFeeGstBasisPoints).toBe(1800);
    expect(none.legal).toMatchObject({ minimumAgeWithoutConsent: 18, minorMonthlyCapPaise: 50_000 });
    const tds = loadConfig({
      TDS_194O_RATE: '0.1',
      TDS_194O_NO_PAN_RATE: '5',
      TDS_194O_EXEMPT_BELOW: '500000',
      PLATFORM_FEE_GST_RATE: '0',
    });
    expect(tds.legal.tds194o).toEqual({
      rateBasisPoints: 10,
      noPanRateBasisPoints: 500,
      exemptBelowPaise: 50_000_000,
    });
    expect(tds.legal.platformFeeGstBasisPoints).toBe(0);
    expect(loadConfig({ TDS_194O_RATE: '1' }).legal.tds194o).toEqual({
      rateBasisPoints: 100,
      noPanRateBasisPoints: 100,
      exemptBelowPaise: null,
    });
  });

  it('names the setting of a bad or incomplete legal setting', () => {
    expect(refusal({ TDS_194O_RATE: '0.001' })).toContain('TDS_194O_RATE: must be a percentage');
    expect(refusal({ TDS_194O_RATE: '101' })).toContain('TDS_194O_RATE');
    expect(refusal({ TDS_194O_NO_PAN_RATE: '5' })).toContain('TDS_194O_NO_PAN_RATE: set TDS_194O_RATE too');
    expect(refusal({ TDS_194O_EXEMPT_BELOW: '500000' })).toContain(
      'TDS_194O_EXEMPT_BELOW: set TDS_194O_RATE too',
    );
    expect(refusal({ MINOR_MONTHLY_CAP: '-5' })).toContain('MINOR_MONTHLY_CAP');
    expect(refusal({ MINIMUM_AGE_WITHOUT_CONSENT: '30' })).toContain('MINIMUM_AGE_WITHOUT_CONSENT');
  });

  it('points YouTube at the simulator without a Google client, at Google with one, and never the simulator in production', () => {
    expect(loadConfig({}).youtubeMode).toBe('simulator');
    expect(loadConfig(LIVE).youtubeMode).toBe('off');
    const key = Buffer.alloc(32, 7).toString('base64');
    const google = {
      GOOGLE_OAUTH_CLIENT_ID: 'id.apps.googleusercontent.com',
      GOOGLE_OAUTH_CLIENT_SECRET: 'secret',
      GOOGLE_OAUTH_REDIRECT_URL: 'https://shabaash.in/creator/youtube/callback',
      YOUTUBE_TOKEN_KEY: key,
    };
    const config = loadConfig({ ...LIVE, ...google });
    expect(config.youtubeMode).toBe('google');
    expect(config.youtubeTokenKey.equals(Buffer.from(key, 'base64'))).toBe(true);
    expect(refusal({ GOOGLE_OAUTH_CLIENT_ID: 'id' })).toContain('GOOGLE_OAUTH_CLIENT_SECRET: set both');
    expect(refusal({ ...google, YOUTUBE_TOKEN_KEY: undefined })).toContain('YOUTUBE_TOKEN_KEY: required');
    expect(refusal({ ...google, YOUTUBE_TOKEN_KEY: SANDBOX_YOUTUBE_TOKEN_KEY })).toContain(
      'YOUTUBE_TOKEN_KEY',
    );
    expect(refusal({ ...google, YOUTUBE_TOKEN_KEY: 'c2hvcnQ=' })).toContain(
      'YOUTUBE_TOKEN_KEY: must be 32 random bytes',
    );
    expect(refusal({ ...google, GOOGLE_OAUTH_REDIRECT_URL: undefined })).toContain(
      'GOOGLE_OAUTH_REDIRECT_URL',
    );
  });
});
