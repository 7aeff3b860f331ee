/**
 * Testing Library's queries that wait (findBy…, waitFor) give up after one second by default.
 * Under CI's load a console screen's first render, its modules loading, took longer (29
 * November): their wait is a hang's backstop, as the tests' own timeouts are, never a speed check.
 * Only files that run in a DOM load Testing Library.
 */
import type * as TestingLibrary from '@testing-library/react';

if (typeof document !== 'undefined') {
  const { configure }: typeof TestingLibrary = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
}
