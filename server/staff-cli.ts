/**
 * `npm run staff`: who may sign in to the staff console at /staff/.
 *
 *   npm run staff -- add EMAIL --name "NAME" --role admin|publisher|sales
 *   npm run staff -- list [--format table|json]
 *   npm run staff -- remove EMAIL [--hand-over EMAIL]   (their sessions end at once; their open
 *                                        leads go to the member --hand-over names)
 *   npm run staff -- link EMAIL          (a one-time sign-in address, 15 minutes)
 *
 * It works whether the service runs or not: with DATABASE_URL it opens that
 * PostgreSQL server; otherwise the embedded database, through the running
 * service's local socket when the service holds it open.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { NewStaffMemberSchema } from '../src/schema/staff';
import type { StaffMember } from '../src/schema/staff';
import { ConfigError, readConfig } from './config';
import { DataDirOpen, ownerOnly } from './db/data-dir';
import { embeddedOwner, embeddedPaths } from './db/embedded';
import { staffCommandThroughLocalAccess } from './leads/local-access-client';
import type { StaffCommand, StaffCommandResult } from './staff/commands';
import { MemberProblem } from './staff/member-problem';

const USAGE = `Usage:
  npm run staff -- add EMAIL --name "NAME" --role admin|publisher|sales
  npm run staff -- list [--format table|json]
  npm run staff -- remove EMAIL [--hand-over EMAIL]
  npm run staff -- link EMAIL`;

class UsageError extends Error {}

/** The command the arguments ask for, or a UsageError saying what is wrong with them. */
function commandOf(args: string[]): { command: StaffCommand; format: 'table' | 'json' } {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        name: { type: 'string' },
        role: { type: 'string' },
        format: { type: 'string' },
        'hand-over': { type: 'string' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { positionals, values } = parsed;
  const [verb, email, ...extra] = positionals;
  if (extra.length > 0) throw new UsageError(`Unexpected ${extra.join(' ')}.`);
  const format = values.format ?? 'table';
  if (format !== 'table' && format !== 'json')
    throw new UsageError(`--format takes table or json; "${format}" is not one of them.`);
  if (verb === 'list' && email === undefined) return { command: { command: 'list' }, format };
  if (verb === 'add' && email !== undefined) {
    const member = NewStaffMemberSchema.safeParse({ email, name: values.name, role: values.role });
    if (!member.success)
      throw new UsageError(
        member.error.issues
          .map(
            (issue) =>
              `${issue.path[0] === 'email' ? 'EMAIL' : `--${String(issue.path[0])}`} ${issue.message}.`,
          )
          .join('\n'),
      );
    return { command: { command: 'add', member: member.data }, format };
  }
  if (verb === 'remove' && email !== undefined)
    return {
      command: { command: verb, email: email.trim().toLowerCase(), handOverTo: values['hand-over'] },
      format,
    };
  if (verb === 'link' && email !== undefined)
    return { command: { command: verb, email: email.trim().toLowerCase() }, format };
  throw new UsageError(
    verb === undefined ? 'Name a command.' : `"${positionals.join(' ')}" is not a command.`,
  );
}

async function run(command: StaffCommand): Promise<StaffCommandResult> {
  const config = readConfig(process.env);
  if (config.DATABASE_URL === undefined && (await embeddedOwner(config.DATA_DIR)) !== null)
    return staffCommandThroughLocalAccess(embeddedPaths(config.DATA_DIR).socket, command);
  await ownerOnly(config.DATA_DIR);
  // Loaded only here: through the running service's socket, a command needs none of them.
  const [{ openDatabase }, { migrate }, { staffAuthFor }, { runStaffCommand }] = await Promise.all([
    import('./db/open'),
    import('./db/migrate'),
    import('./staff/auth-for'),
    import('./staff/commands'),
  ]);
  const db = await openDatabase(config);
  try {
    await migrate(db);
    const { staffAuth, mailer } = await staffAuthFor(config, db);
    try {
      return await runStaffCommand(db, staffAuth, command);
    } finally {
      mailer.close();
    }
  } finally {
    await db.close();
  }
}

const describe = (member: StaffMember) => `${member.name} <${member.email}> (${member.role})`;

function print(result: StaffCommandResult, format: 'table' | 'json'): string {
  switch (result.command) {
    case 'add':
      return `Added ${describe(result.member)}. They sign in at /staff/ with a code sent to that address, or with npm run staff -- link ${result.member.email}.`;
    case 'remove':
      return `Removed ${describe(result.member)}; their sessions have ended.`;
    case 'link':
      return `One-time sign-in address for ${describe(result.member)}, valid ${result.minutes} minutes, usable once:\n${result.url}`;
    case 'list':
      if (format === 'json') return JSON.stringify(result.members, null, 2);
      return result.members.length === 0
        ? 'No staff yet. Add the first admin with npm run staff -- add EMAIL --name "NAME" --role admin.'
        : result.members.map(describe).join('\n');
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === import.meta.filename) {
  // The embedded database it may open, and the signing secret it may make, are owner-only.
  process.umask(0o077);
  try {
    const { command, format } = commandOf(process.argv.slice(2));
    const result = await run(command);
    console.log(print(result, format));
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    const plain =
      error instanceof MemberProblem || error instanceof ConfigError || error instanceof DataDirOpen;
    console.error(plain ? error.message : error);
    process.exit(1);
  }
}
