// @vitest-environment jsdom
/**
 * A lazily loaded component whose code cannot be fetched: the page keeps what its boundary
 * shows, with no error, and the component appears once the connection returns.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { lazyWithRetry } from '../../src/app/lazy-with-retry';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

it('keeps the fallback while the code is lost and shows the component once back online', async () => {
  const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  const load = vi
    .fn<() => Promise<{ Slider: () => string }>>()
    .mockImplementationOnce(() => {
      onLine.mockReturnValue(false);
      return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    })
    .mockResolvedValue({ Slider: () => 'The slider' });
  const Slider = lazyWithRetry(load, (module) => module.Slider);

  render(
    <Suspense fallback="The pictures">
      <Slider />
    </Suspense>,
  );
  await act(() => Promise.resolve());
  expect(screen.getByText('The pictures')).toBeTruthy();
  expect(load).toHaveBeenCalledTimes(1);

  onLine.mockReturnValue(true);
  await act(async () => {
    window.dispatchEvent(new Event('online'));
  });
  expect(await screen.findByText('The slider')).toBeTruthy();
  expect(load).toHaveBeenCalledTimes(2);
});
