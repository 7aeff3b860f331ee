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

/** Everything `serve:prod` needs, set as a deployment would. */
const DEPLOYMENT = {
  DATABASE_URL: 'postgres://leads@db.example.com/leads',
  SITE_ORIGINS: 'https://www.example.com',
  SMTP_URL: 'smtps://mail.example.com',
  LEAD_NOTIFY_TO: 'sales@example.com',
  STAFF_AUTH_SECRET: 'NlL+YARytx12JGnBcwVoW6o4mk9d4gkLzF+uOmONwco=',
  PUBLIC_ORIGIN: 'https://leads.example.com',
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

  it('refuse, in production, a console reached over http:// and a signing secret that is easy to guess', () => {
    expect(problems(DEPLOYMENT, true)).toEqual([]);
    expect({
      plainHttp: problems({ ...DEPLOYMENT, PUBLIC_ORIGIN: 'http://leads.example.com' }, true),
      plainHttpLocalhost: problems({ ...DEPLOYMENT, PUBLIC_ORIGIN: 'http://localhost:4173' }, true),
      repeatedLetter: problems({ ...DEPLOYMENT, STAFF_AUTH_SECRET: 'a'.repeat(32) }, true),
      repeatedWord: problems({ ...DEPLOYMENT, STAFF_AUTH_SECRET: 'password'.repeat(4) }, true),
      short: problems({ ...DEPLOYMENT, STAFF_AUTH_SECRET: 'Xk4!pQ9z' }, true),
    }).toMatchSnapshot();
    // The quick start may run over http:// on this machine; a weak secret is refused there too.
    expect(problems({ PUBLIC_ORIGIN: 'http://localhost:4173' })).toEqual([]);
    expect(problems({ STAFF_AUTH_SECRET: 'a'.repeat(32) })).toHaveLength(1);
  });

  it('take a CRM webhook only with its signing key, in the Standard Webhooks form', () => {
    const secret = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;
    expect(
      readConfig({ LEAD_WEBHOOK_URL: 'https://crm.example.com/hooks/leads', LEAD_WEBHOOK_SECRET: secret }),
    ).toMatchObject({ LEAD_WEBHOOK_URL: 'https://crm.example.com/hooks/leads', LEAD_WEBHOOK_SECRET: secret });
    expect({
      mistakes: problems({ LEAD_WEBHOOK_URL: 'crm.example.com/hooks', LEAD_WEBHOOK_SECRET: 'hunter2' }),
      shortKey: problems({
        LEAD_WEBHOOK_URL: 'https://crm.example.com/hooks',
        LEAD_WEBHOOK_SECRET: `whsec_${Buffer.alloc(16, 7).toString('base64')}`,
      }),
      urlWithoutSecret: problems({ LEAD_WEBHOOK_URL: 'https://crm.example.com/hooks' }),
      secretWithoutUrl: problems({ LEAD_WEBHOOK_SECRET: secret }),
      plainHttpInProduction: problems(
        { ...DEPLOYMENT, LEAD_WEBHOOK_URL: 'http://crm.example.com/hooks', LEAD_WEBHOOK_SECRET: secret },
        true,
      ),
    }).toMatchSnapshot();
  });
});
