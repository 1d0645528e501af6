// Zod-free like apiReference.ts (which spreads this table): the People area of /ops and the PWA's reports.
import type { ReferenceEntry } from './apiReference.ts';

type PeopleEndpoint =
  | 'opsPerson'
  | 'opsSuspendCreator'
  | 'opsUnsuspendCreator'
  | 'opsBanUser'
  | 'opsUnbanUser'
  | 'opsReports'
  | 'opsCloseReport'
  | 'opsLeads'
  | 'opsRevealLead'
  | 'opsLeadContacted'
  | 'createReport';

/** One line per People endpoint (suspensions, bans, reports, leads) for the OpenAPI document and /developers. */
export const OPS_PEOPLE_REFERENCE: { [K in PeopleEndpoint]: ReferenceEntry<K> } = {
  opsPerson: {
    method: 'GET',
    path: '/ops/users/:id',
    auth: 'operator',
    summary: "A user's state for the operator: role, masked phone, suspension or ban and its reason.",
  },
  opsSuspendCreator: {
    method: 'POST',
    path: '/ops/creators/:id/suspend',
    auth: 'operator',
    summary: 'Suspend a creator (reason required): tips and orders refused, overlay dark, payouts held.',
  },
  opsUnsuspendCreator: {
    method: 'POST',
    path: '/ops/creators/:id/unsuspend',
    auth: 'operator',
    summary: 'Lift a suspension (reason required).',
  },
  opsBanUser: {
    method: 'POST',
    path: '/ops/users/:id/ban',
    auth: 'operator',
    summary:
      'Ban a viewer platform-wide (reason required): sessions and sockets end, sign-in and payments refused.',
  },
  opsUnbanUser: {
    method: 'POST',
    path: '/ops/users/:id/unban',
    auth: 'operator',
    summary: 'Lift a ban (reason required).',
  },
  opsReports: {
    method: 'GET',
    path: '/ops/reports',
    auth: 'operator',
    summary: 'Reports from viewers and creators, open first, with their context.',
  },
  opsCloseReport: {
    method: 'POST',
    path: '/ops/reports/:id/close',
    auth: 'operator',
    summary: 'Close a report with a note of what was done.',
  },
  opsLeads: {
    method: 'GET',
    path: '/ops/leads',
    auth: 'operator',
    summary: "The landing form's leads, phones masked.",
  },
  opsRevealLead: {
    method: 'POST',
    path: '/ops/leads/:id/reveal',
    auth: 'operator',
    summary: "One lead's full phone number to call back (reason required, audited).",
  },
  opsLeadContacted: {
    method: 'POST',
    path: '/ops/leads/:id/contacted',
    auth: 'operator',
    summary: 'Mark a lead as contacted.',
  },
  createReport: {
    method: 'POST',
    path: '/reports',
    auth: 'user',
    summary: 'Report a tip, a creator or a viewer to the operators.',
  },
};
