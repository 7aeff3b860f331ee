// @vitest-environment jsdom
/**
 * The outbox in a browser-like setting (jsdom, with fake-indexeddb standing in for
 * IndexedDB and a stub for the lead service): what is kept, what is tried again, when, and
 * under which id. jsdom has no Web Locks, so the fallback lease is what keeps two tabs apart.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxEntry } from '../../src/forms/outbox';
import { allEntries, getEntry, saveEntry } from '../../src/forms/outbox';
import { backoffMs, BACKOFF_MS } from '../../src/forms/outbox-flag';
import { popupLead } from '../../src/forms/payloads';
import { failedImportAddress, retryingImport } from '../../src/forms/retrying-import';
import { failureForStatus, isRetryable, retryAfterMs, SendFailure } from '../../src/forms/send-failure';

const NOW = new Date('2030-01-10T08:35:09Z').getTime();

/** A stand-in lead service answering each POST in turn with `answers` (a status, or a dropped connection). */
function service(...answers: (number | 'drop')[]) {
  const requests: { key: string | null; body: Record<string, string>; keepalive: boolean | undefined }[] = [];
  const fetch = vi.fn(async (_url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    requests.push({
      key: headers.get('Idempotency-Key'),
      body: JSON.parse(String(init.body)) as Record<string, string>,
      keepalive: init.keepalive,
    });
    const answer = answers[Math.min(requests.length, answers.length) - 1] ?? 201;
    if (answer === 'drop') throw new TypeError('Failed to fetch');
    const retry = answer === 429 || answer === 503 ? { 'Retry-After': '120' } : undefined;
    return new Response(answer < 300 ? '{"id":"x"}' : 'no', { status: answer, headers: retry });
  });
  vi.stubGlobal('fetch', fetch);
  return requests;
}

function leadEntry(id: string, changes: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    id,
    createdAt: NOW,
    payload: {
      kind: 'lead',
      lead: popupLead({ name: 'Asha Rao', email: 'asha@example.com', phone: '9811012345' }, new Date(NOW)),
    },
    attribution: { page: 'https://example.com/contactUs', utm: 'utm_source=google' },
    attempts: 0,
    nextAttemptAt: NOW,
    ...changes,
  };
}

/** A fresh copy of the sending code, as another tab would have it. */
async function tab() {
  vi.resetModules();
  return import('../../src/forms/outbox-sender');
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], now: NOW });
  // Every test starts with an empty outbox.
  const { removeEntry } = await import('../../src/forms/outbox');
  for (const entry of await allEntries()) await removeEntry(entry.id);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('which failures are tried again', () => {
  it('keeps network, timeout, 5xx and 429, and shows any other 4xx', () => {
    for (const kind of ['offline', 'network', 'timeout'] as const)
      expect(isRetryable(new SendFailure(kind))).toBe(true);
    for (const status of [500, 502, 503, 429]) expect(isRetryable(failureForStatus(status))).toBe(true);
    for (const status of [400, 401, 403, 404, 413, 415, 422])
      expect(isRetryable(failureForStatus(status))).toBe(false);
    expect(isRetryable(new SendFailure('too-soon'))).toBe(false);
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(retryAfterMs('120', NOW)).toBe(120_000);
    expect(retryAfterMs(new Date(NOW + 30_000).toUTCString(), NOW)).toBe(30_000);
    expect(retryAfterMs(null, NOW)).toBeUndefined();
    expect(retryAfterMs('soon', NOW)).toBeUndefined();
  });
});

describe('back-off', () => {
  it('waits longer after each failure, up to ten minutes, give or take 10%', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((failures) => backoffMs(failures, 0, middle))).toEqual([
      5_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000, 600_000, 600_000,
    ]);
    expect(backoffMs(1, 0, () => 0)).toBe(4_500);
    expect(backoffMs(1, 0, () => 1)).toBe(5_500);
    expect(BACKOFF_MS.at(-1)).toBe(600_000);
  });

  it('never comes sooner than the service asked', () => {
    expect(backoffMs(1, 120_000, () => 0.5)).toBe(120_000);
    expect(backoffMs(7, 120_000, () => 0.5)).toBe(600_000);
  });
});

describe('a failed dynamic import', () => {
  const chunk = 'https://www.example.com/assets/outbox-sender-J9FdCu6h.js';
  const ready = (module: string) => `${module}, ready`;

  it('is tried again on the next call, and a success is kept', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new TypeError('offline'));
    load.mockResolvedValue('module');
    const imported = retryingImport(load, ready);
    await expect(imported()).rejects.toThrow('offline');
    await expect(imported()).resolves.toBe('module, ready');
    await expect(imported()).resolves.toBe('module, ready');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('is fetched again under a fresh address where the browser keeps the failure of the first', async () => {
    // As browsers that keep a failed module fetch behave: the same address fails at once, ever after.
    const load = vi.fn(() =>
      Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${chunk}`)),
    );
    const fresh = vi
      .fn<(address: string) => Promise<unknown>>()
      .mockRejectedValueOnce(new TypeError(`Failed to fetch dynamically imported module: ${chunk}?retry=1`))
      .mockResolvedValue('module');
    const imported = retryingImport(load, ready, fresh);
    await expect(imported()).rejects.toThrow(chunk);
    await expect(imported()).rejects.toThrow(chunk);
    await expect(imported()).resolves.toBe('module, ready');
    await expect(imported()).resolves.toBe('module, ready');
    expect(load).toHaveBeenCalledTimes(1);
    expect(fresh.mock.calls).toEqual([[`${chunk}?retry=1`], [`${chunk}?retry=2`]]);
  });

  it('is not tried while the browser is offline', async () => {
    const load = vi.fn(() => Promise.resolve('module'));
    const imported = retryingImport(load, ready);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(imported()).rejects.toThrow(TypeError);
    expect(load).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    await expect(imported()).resolves.toBe('module, ready');
  });

  it('names the file it could not fetch, as Chromium and Firefox write it', () => {
    expect(failedImportAddress(new TypeError(`Failed to fetch dynamically imported module: ${chunk}`))).toBe(
      chunk,
    );
    expect(failedImportAddress(new TypeError(`error loading dynamically imported module: ${chunk}`))).toBe(
      chunk,
    );
    expect(failedImportAddress(new TypeError('Importing a module script failed.'))).toBeUndefined();
  });
});

describe('the outbox', () => {
  it('sends a saved lead again with back-off under the same id and date until the service confirms', async () => {
    const requests = service(500, 'drop', 503, 201);
    const sender = await tab();
    await saveEntry(leadEntry('a1'));

    await sender.flushOutbox(false);
    expect(requests).toHaveLength(1);
    const afterFirst = await getEntry('a1');
    expect(afterFirst?.attempts).toBe(1);
    expect(afterFirst?.nextAttemptAt).toBeGreaterThanOrEqual(NOW + 4_500);
    expect(afterFirst?.nextAttemptAt).toBeLessThanOrEqual(NOW + 5_500);

    // Not due yet: a page view now sends nothing.
    await sender.flushOutbox(false);
    expect(requests).toHaveLength(1);

    vi.setSystemTime(NOW + 6_000);
    await sender.flushOutbox(false);
    expect(requests).toHaveLength(2);
    expect((await getEntry('a1'))?.attempts).toBe(2);

    // Back online: tried at once, whatever the back-off. The 503 asks for 120 s.
    await sender.flushOutbox(true);
    expect(requests).toHaveLength(3);
    expect((await getEntry('a1'))?.nextAttemptAt).toBeGreaterThanOrEqual(Date.now() + 120_000);

    vi.setSystemTime(NOW + 200_000);
    await sender.flushOutbox(false);
    expect(requests).toHaveLength(4);
    expect(await getEntry('a1')).toBeUndefined();

    expect(new Set(requests.map((request) => request.key))).toEqual(new Set(['a1']));
    expect(new Set(requests.map((request) => request.body.dateOfLead))).toEqual(
      new Set(['2030-01-10T14:05:09+05:30']),
    );
    expect(requests.every((request) => request.keepalive === true)).toBe(true);
  });

  it('drops a lead the service refuses with a 4xx other than 429, and never sends it again', async () => {
    const requests = service(400);
    const sender = await tab();
    await saveEntry(leadEntry('b1'));
    await sender.flushOutbox(false);
    expect(await getEntry('b1')).toBeUndefined();
    vi.setSystemTime(NOW + 3_600_000);
    await sender.flushOutbox(true);
    expect(requests).toHaveLength(1);
  });

  it('leaves a first try alone while the page that made it may still be sending it', async () => {
    const requests = service(201);
    const sender = await tab();
    await saveEntry(leadEntry('c1', { nextAttemptAt: NOW + 20_000 }));
    await sender.flushOutbox(true);
    expect(requests).toHaveLength(0);
    vi.setSystemTime(NOW + 20_000);
    await sender.flushOutbox(false);
    expect(requests).toHaveLength(1);
  });

  it('drops what is older than thirty days', async () => {
    const requests = service(201);
    const sender = await tab();
    await saveEntry(leadEntry('d1', { createdAt: NOW - 31 * 24 * 3_600_000 }));
    await sender.flushOutbox(false);
    expect(requests).toHaveLength(0);
    expect(await allEntries()).toEqual([]);
  });

  it('is sent once when two tabs send it at the same moment (fallback lease, no Web Locks)', async () => {
    let answer: (response: Response) => void = () => undefined;
    const answered = new Promise<Response>((resolve) => (answer = resolve));
    let reached: () => void = () => undefined;
    // Waited on as an event, not polled for a second: a loaded machine may take longer to get there.
    const sent = new Promise<void>((resolve) => (reached = resolve));
    const fetch = vi.fn(() => {
      reached();
      return answered;
    });
    vi.stubGlobal('fetch', fetch);
    const first = await tab();
    const second = await tab();
    await saveEntry(leadEntry('e1'));
    const sending = [first.flushOutbox(false), second.flushOutbox(false)];
    await sent;
    expect(fetch).toHaveBeenCalledTimes(1);
    answer(new Response('{}', { status: 201 }));
    await Promise.all(sending);
    await second.flushOutbox(false);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await getEntry('e1')).toBeUndefined();
  });
});
