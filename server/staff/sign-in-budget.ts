/**
 * How many times one may try to sign in: asking for a code and entering one
 * draw on one budget, kept in the database (so every instance shares it and a
 * restart does not refill it). The requester's address is charged first: one
 * that has used its budget is refused before it can touch a member's, and a
 * member's budget is larger than any one address's, so that no single
 * stranger can lock a member out. An admin's one-time link
 * (`npm run staff -- link`) is not charged at all.
 */
import type { MiddlewareHandler } from 'hono';
import type { Sql } from '../db/database';
import { clientAddress } from '../leads/request';

const WINDOW_SECONDS = 10 * 60;
/** Per requester address (IP): about seven guessed codes per 10 minutes, as a code survives 3 tries. */
export const TRIES_PER_CLIENT = 10;
/** Per member's address, from all requesters together: more than one requester may use. */
export const TRIES_PER_EMAIL = 20;

/** Takes one try from `key`'s budget; returns the seconds to wait when there was none left. */
async function charge(sql: Sql, key: string, limit: number): Promise<number | null> {
  const [row] = await sql.query<{ used: number; wait: number }>(
    `INSERT INTO sign_in_budget AS b (key, used, resets_at) VALUES ($1, 1, now() + make_interval(secs => $2))
     ON CONFLICT (key) DO UPDATE SET
       used = CASE WHEN b.resets_at <= now() THEN 1 ELSE b.used + 1 END,
       resets_at = CASE WHEN b.resets_at <= now() THEN now() + make_interval(secs => $2) ELSE b.resets_at END
     RETURNING used, ceil(extract(epoch FROM resets_at - now()))::int AS wait`,
    [key, WINDOW_SECONDS],
  );
  return row !== undefined && row.used > limit ? Math.max(row.wait, 1) : null;
}

/** The email address a sign-in request names, read from a copy so that better-auth still gets the body. */
async function emailOf(request: Request): Promise<string> {
  const body = (await request
    .clone()
    .json()
    .catch(() => null)) as { email?: unknown } | null;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
}

/** Refuses a sign-in try (429, Retry-After) once the requester's or the member's budget is spent. */
export function signInBudget(sql: Sql, trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    // Budgets whose window ended long ago say nothing any more.
    await sql.query("DELETE FROM sign_in_budget WHERE resets_at < now() - interval '1 day'");
    const email = await emailOf(c.req.raw);
    const wait =
      (await charge(sql, `client ${clientAddress(c, trustProxy)}`, TRIES_PER_CLIENT)) ??
      (email === '' ? null : await charge(sql, `email ${email}`, TRIES_PER_EMAIL));
    if (wait === null) return next();
    const minutes = Math.ceil(wait / 60);
    c.header('Retry-After', String(wait));
    return c.json(
      {
        error: `Too many sign-in attempts; try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or ask an admin for a one-time sign-in link.`,
      },
      429,
    );
  };
}
