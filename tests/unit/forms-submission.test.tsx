// @vitest-environment jsdom
/**
 * One form's submissions, as the visitor makes them: the id and the first-submit time a
 * submission keeps across retries, what is saved on the device and what is not.
 */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POPUP_FIELDS } from '../../src/forms/definitions';
import { allEntries, removeEntry } from '../../src/forms/outbox';
import { emailPayload, popupLead } from '../../src/forms/payloads';
import type { SubmissionOptions } from '../../src/forms/use-submission';
import { useSubmission } from '../../src/forms/use-submission';

const sendForm = vi.hoisted(() =>
  vi.fn<(service: string, template: string, form: HTMLFormElement) => Promise<unknown>>(),
);
vi.mock('@emailjs/browser', () => ({ init: vi.fn(), sendForm }));

const NOW = new Date('2030-01-10T08:35:09Z').getTime();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type Options = Pick<SubmissionOptions<typeof POPUP_FIELDS>, 'payload'>;

const email: Options['payload'] = (_, form) => emailPayload('contact', form);
const lead: Options['payload'] = (values, _, firstSubmit) => ({
  kind: 'lead',
  lead: popupLead(values, firstSubmit),
});

/** The smallest form around the hook: its fields, the trap, and its phase as text. */
function Form({ payload = lead }: Partial<Options>) {
  const { values, state, change, submit, formRef, honeypotRef, outcomeRef } = useSubmission({
    fields: POPUP_FIELDS,
    payload,
    thanks: 'Thanks',
    chat: () => 'Hello',
  });
  return (
    <form
      ref={formRef}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {POPUP_FIELDS.map((field) => (
        <input
          key={field.name}
          aria-label={field.label}
          name={field.name}
          value={values[field.name]}
          onChange={(event) => change(field, event.target.value)}
        />
      ))}
      <input aria-label="trap" ref={honeypotRef} />
      <div ref={outcomeRef} data-testid="phase">
        {state.phase}
        {'failure' in state ? ` ${state.failure.kind}` : ''}
      </div>
      <button type="submit">Submit</button>
    </form>
  );
}

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values))
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const ASHA = { Name: 'Asha Rao', Email: 'asha@example.com', Phone: '98110 12345' };

async function submitAndWait(phase: RegExp) {
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
  await vi.waitFor(() => expect(screen.getByTestId('phase').textContent).toMatch(phase));
}

function service(...statuses: (number | 'drop')[]) {
  const sent: { key: string | null; body: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      sent.push({ key: new Headers(init.headers).get('Idempotency-Key'), body: String(init.body) });
      const status = statuses[sent.length - 1] ?? 201;
      if (status === 'drop') throw new TypeError('Failed to fetch');
      return new Response('{}', { status });
    }),
  );
  return sent;
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  for (const entry of await allEntries()) await removeEntry(entry.id);
  // EmailJS's ten seconds between messages of a form, noted by the test before.
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  sendForm.mockReset();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a submission', () => {
  it('keeps its id and its dateOfLead across retries, and leaves the outbox once delivered', async () => {
    const sent = service(503, 'drop', 201);
    render(<Form />);
    fill(ASHA);
    await submitAndWait(/^saved server/);
    expect(await allEntries()).toHaveLength(1);

    vi.setSystemTime(NOW + 60_000);
    await submitAndWait(/^saved network/);
    vi.setSystemTime(NOW + 120_000);
    await submitAndWait(/^sent/);

    expect(sent).toHaveLength(3);
    const [first] = sent;
    expect(first?.key).toMatch(UUID);
    expect(sent.every((request) => request.key === first?.key && request.body === first.body)).toBe(true);
    expect(JSON.parse(first?.body ?? '{}')).toMatchObject({ dateOfLead: '2030-01-10T14:05:09+05:30' });
    expect(await allEntries()).toEqual([]);
  });

  it('gets a new id once the visitor changes what was typed, and replaces the saved one', async () => {
    const sent = service(503, 201);
    render(<Form />);
    fill(ASHA);
    await submitAndWait(/^saved/);
    fill({ Email: 'asha.rao@example.com' });
    await submitAndWait(/^sent/);
    expect(sent[0]?.key).not.toBe(sent[1]?.key);
    expect(await allEntries()).toEqual([]);
  });

  it('refused with a 4xx is shown, not saved and not tried again', async () => {
    const sent = service(400);
    render(<Form />);
    fill(ASHA);
    await submitAndWait(/^failed rejected/);
    expect(await allEntries()).toEqual([]);
    expect(sent).toHaveLength(1);
  });

  it('with the honeypot filled is thanked, never saved and never sent', async () => {
    const sent = service(201);
    render(<Form />);
    fill({ ...ASHA, trap: 'https://spam.example' });
    await submitAndWait(/^sent/);
    expect(sent).toHaveLength(0);
    expect(await allEntries()).toEqual([]);
  });

  it('of an email form carries its id as submission_id', async () => {
    const sent: Record<string, FormDataEntryValue>[] = [];
    sendForm.mockImplementation(async (_service, _template, form) => {
      sent.push(Object.fromEntries(new FormData(form)));
      return { status: 200, text: 'OK' };
    });
    render(<Form payload={email} />);
    fill(ASHA);
    await submitAndWait(/^sent/);
    expect(sent).toEqual([
      {
        name: 'Asha Rao',
        email: 'asha@example.com',
        phone: '98110 12345',
        submission_id: expect.stringMatching(UUID),
      },
    ]);
  });

  it('of an email form, saved and being re-sent when the visitor sends it again, goes once', async () => {
    let answer: () => void = () => undefined;
    sendForm
      .mockRejectedValueOnce({ status: 503, text: 'Unavailable' })
      .mockImplementationOnce(() => new Promise((resolve) => (answer = () => resolve({ status: 200 }))));
    render(<Form payload={email} />);
    fill(ASHA);
    await submitAndWait(/^saved server/);
    const { flushOutbox } = await import('../../src/forms/outbox-sender');
    const resending = flushOutbox(true);
    await vi.waitFor(() => expect(sendForm).toHaveBeenCalledTimes(2));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    answer();
    await resending;
    await vi.waitFor(() => expect(screen.getByTestId('phase').textContent).toBe('sent'));
    // The visitor's own send has had time to finish too.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sendForm).toHaveBeenCalledTimes(2);
    expect(await allEntries()).toEqual([]);
  });
});
