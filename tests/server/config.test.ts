import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../server/config';

const problems = (env: NodeJS.ProcessEnv, production = false) => {
  try {
    readConfig(env, { production });
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems;
  }
};

describe('the lead service’s settings', () => {
  it('need nothing for the quick start', () => {
    expect(readConfig({})).toMatchObject({
      PORT: 4173,
      DATA_DIR: '.data',
      SITE_ORIGINS: [],
      LEAD_RATE_LIMIT: 60,
      TRUST_PROXY: false,
    });
    expect(readConfig({}).DATABASE_URL).toBeUndefined();
  });

  it('read lists and numbers, and ignore empty variables', () => {
    const config = readConfig({
      SITE_ORIGINS: 'https://www.example.com/, https://example.com',
      LEAD_RATE_LIMIT: '0',
      DATABASE_URL: '',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      SITE_ORIGINS: ['https://www.example.com', 'https://example.com'],
      LEAD_RATE_LIMIT: 0,
      TRUST_PROXY: true,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('name every mistake and every variable a deployment lacks', () => {
    expect({
      mistakes: problems({
        DATABASE_URL: 'mysql://db',
        SITE_ORIGINS: 'https://www.example.com/contact',
        SMTP_URL: 'mail.example.com',
        PORT: 'eighty',
      }),
      production: problems({}, true),
      smtpWithoutAddress: problems({ SMTP_URL: 'smtp://mail.example.com:587' }),
    }).toMatchSnapshot();
  });
});
