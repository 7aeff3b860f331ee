/**
 * What a lead says about where it came from (Lead-Page, Lead-Referrer, Lead-UTM), and the
 * words the visitor reads when a send has not gone through.
 */
import { describe, expect, it } from 'vitest';
import { landingOf } from '../../src/forms/attribution';
import { DELIVERED_LATER, FAILURE_TEXT, fateText, REACH_US } from '../../src/forms/messages';
import type { FailureKind } from '../../src/forms/send-failure';
import { isRetryable, SendFailure } from '../../src/forms/send-failure';
import { leadHeaders } from '../../src/forms/send-lead';

const ID = '0b7f3c1e-5d2a-4c8e-9f10-2a3b4c5d6e7f';

describe('the landing page of a visit', () => {
  it('keeps the utm_* parameters and another site’s referrer', () => {
    expect(
      landingOf(
        'https://www.example.com/feature/parasFloret?utm_source=google&utm_medium=cpc&utm_campaign=floret&gclid=x',
        'https://www.google.com/',
      ),
    ).toEqual({
      referrer: 'https://www.google.com/',
      utm: 'utm_source=google&utm_medium=cpc&utm_campaign=floret',
    });
  });

  it('names no referrer for a visit begun on this site, or with none', () => {
    expect(landingOf('https://www.example.com/aboutUs', 'https://www.example.com/')).toEqual({});
    expect(landingOf('https://www.example.com/aboutUs', '')).toEqual({});
  });
});

describe('the headers of a lead', () => {
  it('carry the submission id and, when known, the referrer and campaign', () => {
    expect(
      leadHeaders({
        id: ID,
        attribution: {
          page: 'https://www.example.com/contactUs',
          referrer: 'https://www.google.com/',
          utm: 'utm_source=google',
        },
      }),
    ).toEqual({
      'Content-Type': 'application/json',
      'Idempotency-Key': ID,
      'Lead-Page': 'https://www.example.com/contactUs',
      'Lead-Referrer': 'https://www.google.com/',
      'Lead-UTM': 'utm_source=google',
    });
    expect(Object.keys(leadHeaders({ id: ID, attribution: { page: 'https://www.example.com/' } }))).toEqual([
      'Content-Type',
      'Idempotency-Key',
      'Lead-Page',
    ]);
  });
});

describe('what the visitor reads', () => {
  it('says why, and what becomes of the request: saved and tried again, or left to the visitor', () => {
    const kinds = Object.keys(FAILURE_TEXT) as FailureKind[];
    const notices = Object.fromEntries(
      kinds.map((kind) => [
        kind,
        [FAILURE_TEXT[kind], fateText(kind, isRetryable(new SendFailure(kind)) ? 'saved' : 'failed')],
      ]),
    );
    expect({
      notices,
      waiting: fateText('timeout', 'waiting'),
      later: DELIVERED_LATER,
      refusedLater: REACH_US,
    }).toMatchSnapshot();
  });
});
