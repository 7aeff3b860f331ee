/**
 * The console's one route table: each screen's address (under /staff), its
 * name in the navigation, and who may open it. The router and the navigation
 * both read it, so a screen is added here once.
 */
import type { ComponentType } from 'react';
import type { StaffRole } from '../schema/staff';
import { ADMIN_REFUSAL, SHEET_REFUSAL, SHEET_ROLES } from '../schema/staff';
import { AuditScreen } from './screens/AuditScreen';
import { LeadScreen } from './screens/LeadScreen';
import { LeadsScreen } from './screens/LeadsScreen';
import { NumbersScreen } from './screens/NumbersScreen';
import { SheetsScreen } from './sheets/SheetsScreen';
import { TeamScreen } from './screens/TeamScreen';

/** Where the console lives; every path below is under it. */
export const CONSOLE_BASE = '/staff';

export interface Screen {
  /** wouter pattern under /staff, such as `/leads` or `/leads/:id`. */
  path: string;
  /** Its name in the navigation; a screen without one (a lead's detail) is reached by links. */
  nav?: string;
  /** Its Due today and Overdue views follow it in the navigation, with their counts. */
  followUps?: boolean;
  /** Only these roles see it (and may use its API); every member when absent. */
  roles?: readonly StaffRole[];
  /** What a member of another role who opens its address reads, in the API's own words. */
  refusal?: string;
  Component: ComponentType;
}

export const SCREENS: Screen[] = [
  { path: '/leads', nav: 'Leads', followUps: true, Component: LeadsScreen },
  { path: '/leads/:id', Component: LeadScreen },
  { path: '/numbers', nav: 'Numbers', Component: NumbersScreen },
  { path: '/sheets', nav: 'Sheets', roles: SHEET_ROLES, refusal: SHEET_REFUSAL, Component: SheetsScreen },
  { path: '/team', nav: 'Staff', roles: ['admin'], refusal: ADMIN_REFUSAL, Component: TeamScreen },
  { path: '/audit', nav: 'Audit log', roles: ['admin'], refusal: ADMIN_REFUSAL, Component: AuditScreen },
];
