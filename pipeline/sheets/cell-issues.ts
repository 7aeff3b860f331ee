/**
 * Turns what a cell converter reported into a problem code and a message for
 * people. Zod's own wording never reaches a sales person.
 */
import type { z } from 'zod';
import { didYouMean } from './did-you-mean';
import type { ProblemCode } from './problem';

export interface CellIssue {
  code: ProblemCode;
  message: string;
}

export function describeIssue(issue: z.core.$ZodIssue, raw: string): CellIssue {
  const value = raw.trim();
  if (issue.code !== 'custom' || typeof issue.params?.code !== 'string') {
    return { code: 'unreadable', message: `"${value}" could not be read. Check this cell against sheets/README.md.` };
  }
  const code = issue.params.code as ProblemCode;
  // Checks added after a converter (1 to 5 stars, phone format) say only what to write; name what was found too.
  // A control character is invisible: quoting the cell would only print it to the terminal.
  const quoted = value === '' || code === 'control-character' || issue.message.includes(`"${value}"`);
  let message = quoted ? issue.message : `"${value}" is not accepted here. ${issue.message}`;
  const allowed: unknown = issue.params.allowed;
  if (code === 'choice' && Array.isArray(allowed)) message += didYouMean(value, allowed as string[]);
  return { code, message };
}
