/**
 * What `npm run staff` does, run in whichever process holds the database:
 * the command itself when it can open the database, or the running service
 * when that holds the embedded one (through its local socket).
 */
import type { NewStaffMember, StaffMember } from '../../src/schema/staff';
import type { Database } from '../db/database';
import { COMMAND_LINE } from './audit';
import type { StaffAuth } from './auth';
import { MemberProblem } from './member-problem';
import { addMember, findMember, listMembers, removeMember } from './members';

export type StaffCommand =
  | { command: 'add'; member: NewStaffMember }
  | { command: 'list' }
  | { command: 'remove'; email: string; handOverTo?: string | undefined }
  | { command: 'link'; email: string };

export type StaffCommandResult =
  | { command: 'add' | 'remove'; member: StaffMember }
  | { command: 'list'; members: StaffMember[] }
  | { command: 'link'; member: StaffMember; url: string; minutes: number };

export async function runStaffCommand(
  db: Database,
  staffAuth: StaffAuth,
  command: StaffCommand,
): Promise<StaffCommandResult> {
  switch (command.command) {
    case 'add':
      return { command: 'add', member: await addMember(db, command.member, COMMAND_LINE) };
    case 'list':
      return { command: 'list', members: await listMembers(db) };
    case 'remove':
      return {
        command: 'remove',
        member: await removeMember(db, command.email, COMMAND_LINE, command.handOverTo),
      };
    case 'link': {
      const member = await findMember(db, command.email);
      if (member === undefined)
        throw new MemberProblem(
          `${command.email} is not a member of staff; add them first with npm run staff -- add.`,
          404,
        );
      const url = await staffAuth.issueLink(member.email);
      return { command: 'link', member, url, minutes: staffAuth.linkMinutes };
    }
  }
}
