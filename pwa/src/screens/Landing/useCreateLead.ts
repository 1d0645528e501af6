import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

export interface LeadPayload {
  phone: string;
  tags: string[];
  name?: string;
  email?: string;
}

/** POST /api/leads: the response is not read; failures surface the server's message. */
export function useCreateLead() {
  return useMutation({
    mutationFn: (input: LeadPayload) => api('createLead', { input }),
  });
}
