import { describe, expect, it } from 'vitest';
import { resolveFormsConfig } from '../../src/forms/config';
import { deployEnvProblems } from '../../src/forms/env';

const REAL = {
  VITE_LEAD_API_URL: 'https://leads.example.com/',
  VITE_EMAILJS_ORIGIN: 'https://api.emailjs.com',
  VITE_EMAILJS_PUBLIC_KEY: 'pk_123',
  VITE_EMAILJS_SERVICE_ID: 'service_abc',
  VITE_EMAILJS_TEMPLATE_CONTACT: 'template_contact',
  VITE_EMAILJS_TEMPLATE_JOIN: 'template_join',
  VITE_EMAILJS_TEMPLATE_LIST: 'template_list',
};

describe('resolveFormsConfig', () => {
  it('points everything at the page’s own origin when nothing is configured', () => {
    expect(resolveFormsConfig({}, 'http://127.0.0.1:4173')).toStrictEqual({
      leadUrl: '/addLead',
      emailjs: {
        origin: 'http://127.0.0.1:4173',
        publicKey: 'local-public-key',
        serviceId: 'local-service',
        templates: {
          contact: 'local-template-contact',
          join: 'local-template-join',
          list: 'local-template-list',
        },
      },
    });
  });

  it('uses the configured endpoints, without doubled slashes', () => {
    expect(resolveFormsConfig(REAL, 'https://site.example')).toStrictEqual({
      leadUrl: 'https://leads.example.com/addLead',
      emailjs: {
        origin: 'https://api.emailjs.com',
        publicKey: 'pk_123',
        serviceId: 'service_abc',
        templates: { contact: 'template_contact', join: 'template_join', list: 'template_list' },
      },
    });
  });
});

describe('deployEnvProblems', () => {
  it('has nothing to say about a complete configuration', () => {
    expect(deployEnvProblems(REAL)).toEqual([]);
  });

  it('names every missing variable and what it is', () => {
    expect(deployEnvProblems({})).toMatchInlineSnapshot(`
      [
        "VITE_LEAD_API_URL not set: base address of the lead service that answers POST /addLead, e.g. https://leads.example.com.",
        "VITE_EMAILJS_ORIGIN not set: EmailJS API address, normally https://api.emailjs.com.",
        "VITE_EMAILJS_PUBLIC_KEY not set: EmailJS public key (EmailJS dashboard → Account).",
        "VITE_EMAILJS_SERVICE_ID not set: EmailJS service id (EmailJS dashboard → Email Services).",
        "VITE_EMAILJS_TEMPLATE_CONTACT not set: EmailJS template id of the Contact Us form.",
        "VITE_EMAILJS_TEMPLATE_JOIN not set: EmailJS template id of the Join Our Team form.",
        "VITE_EMAILJS_TEMPLATE_LIST not set: EmailJS template id of the List With Us form.",
      ]
    `);
  });

  it('refuses blank values, plain http, non-addresses and the local stand-ins', () => {
    expect(
      deployEnvProblems({
        ...REAL,
        VITE_LEAD_API_URL: 'http://leads.example.com',
        VITE_EMAILJS_ORIGIN: 'api.emailjs.com',
        VITE_EMAILJS_PUBLIC_KEY: '  ',
        VITE_EMAILJS_TEMPLATE_LIST: 'local-template-list',
      }),
    ).toMatchInlineSnapshot(`
      [
        "VITE_LEAD_API_URL "http://leads.example.com" must start with https://: base address of the lead service that answers POST /addLead, e.g. https://leads.example.com.",
        "VITE_EMAILJS_ORIGIN "api.emailjs.com" is not a web address: EmailJS API address, normally https://api.emailjs.com.",
        "VITE_EMAILJS_PUBLIC_KEY not set: EmailJS public key (EmailJS dashboard → Account).",
        "VITE_EMAILJS_TEMPLATE_LIST "local-template-list" is the local stand-in, not a real id: EmailJS template id of the List With Us form.",
      ]
    `);
  });
});
