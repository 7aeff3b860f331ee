/**
 * How the console talks to its API under /staff/api: every answer is checked
 * against its schema from src/schema/staff.ts, and a refusal becomes an
 * ApiError carrying the server's own words for the person using the console.
 */
import type { z } from 'zod';
import { ApiProblemSchema } from '../schema/staff';

const API_BASE = '/staff/api';

/** What a member reads when the service cannot be reached at all (the browser says "Failed to fetch"). */
export const UNREACHABLE = 'The lead service cannot be reached; check the connection and try again.';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Where a visitor whose session ended goes: the sign-in screen, then back here. */
function signInAddress(): string {
  return `/staff/sign-in?next=${encodeURIComponent(location.pathname + location.search)}`;
}

interface Call {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A query's signal: the call is dropped when nothing shows its answer any more (signing out). */
  signal?: AbortSignal;
}

/** Calls `path` (under /staff/api) and returns its answer as `schema` reads it. */
export async function api<S extends z.ZodType>(
  path: string,
  schema: S,
  call: Call = {},
): Promise<z.output<S>> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: call.method ?? 'GET',
      headers: call.body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: call.body === undefined ? null : JSON.stringify(call.body),
      signal: call.signal ?? null,
    });
  } catch (error) {
    if (call.signal?.aborted === true) throw error;
    throw new ApiError(UNREACHABLE, 0);
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.status === 401) {
    location.assign(signInAddress());
    throw new ApiError('Your session has ended; sign in again.', 401);
  }
  if (!response.ok) {
    const problem = ApiProblemSchema.safeParse(body);
    throw new ApiError(
      problem.success ? problem.data.error : `The lead service answered ${response.status}; try again.`,
      response.status,
      body,
    );
  }
  return schema.parse(body);
}
