import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateReportInput, OpsPerson } from '@shabaash/shared';
import { api } from '../../api/client.ts';

// The operator console's People area (suspensions, bans, reports, leads) and the PWA's Report action.

export const opsPersonKey = (id: string) => ['ops', 'person', id] as const;
export const OPS_REPORTS_KEY = ['ops', 'reports'] as const;
export const OPS_LEADS_KEY = ['ops', 'leads'] as const;

/** One user's state (GET /api/ops/users/:id); idle until an id is given. */
export function useOpsPerson(id: string) {
  return useQuery({
    queryKey: opsPersonKey(id),
    queryFn: ({ signal }) => api('opsPerson', { params: { id }, signal }),
    enabled: id !== '',
    retry: false,
  });
}

export type PersonAction = 'opsSuspendCreator' | 'opsUnsuspendCreator' | 'opsBanUser' | 'opsUnbanUser';

/** Suspends, reinstates, bans or unbans (reason required); the answer replaces the person shown. */
export function usePersonAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id, reason }: { action: PersonAction; id: string; reason: string }) =>
      api(action, { params: { id }, input: { reason } }),
    onSuccess: ({ person }: { person: OpsPerson }) =>
      queryClient.setQueryData(opsPersonKey(person.id), { person }),
  });
}

/** The reports queue (open first); `all` adds the closed ones. */
export function useOpsReports(status: 'open' | 'all') {
  return useQuery({
    queryKey: [...OPS_REPORTS_KEY, status],
    queryFn: ({ signal }) => api('opsReports', { query: { status, limit: 100 }, signal }),
  });
}

/** Closes a report with the operator's note, then reloads the queue. */
export function useCloseReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, resolution }: { id: string; resolution: string }) =>
      api('opsCloseReport', { params: { id }, input: { resolution } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OPS_REPORTS_KEY }),
  });
}

/** The landing form's leads (phones masked); `new` leaves out those already contacted. */
export function useOpsLeads(status: 'new' | 'all') {
  return useQuery({
    queryKey: [...OPS_LEADS_KEY, status],
    queryFn: ({ signal }) => api('opsLeads', { query: { status, limit: 200 }, signal }),
  });
}

/** Marks a lead contacted, then reloads the list. */
export function useLeadContacted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('opsLeadContacted', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OPS_LEADS_KEY }),
  });
}

/** One lead's full number (audited with the reason); kept only in the component that asked for it. */
export function useRevealLead() {
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api('opsRevealLead', { params: { id }, input: { reason } }),
  });
}

/** Files a report (POST /api/reports). */
export function useFileReport() {
  return useMutation({ mutationFn: (input: CreateReportInput) => api('createReport', { input }) });
}
