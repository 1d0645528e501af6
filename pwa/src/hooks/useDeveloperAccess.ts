import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiTokenInput, WebhookEndpointInput } from '@shabaash/shared';
import { api } from '../api/client.ts';

const TOKENS_KEY = ['creator', 'api-tokens'] as const;
const WEBHOOKS_KEY = ['creator', 'webhooks'] as const;
const deliveriesKey = (endpointId: string) => [...WEBHOOKS_KEY, endpointId, 'deliveries'] as const;

/** The creator's API tokens (never their secrets). */
export function useApiTokens() {
  return useQuery({ queryKey: TOKENS_KEY, queryFn: ({ signal }) => api('apiTokens', { signal }) });
}

/** Makes a token; the answer carries the secret, shown once. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiTokenInput) => api('createApiToken', { input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: TOKENS_KEY }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('revokeApiToken', { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: TOKENS_KEY }),
  });
}

export function useWebhookEndpoints() {
  return useQuery({ queryKey: WEBHOOKS_KEY, queryFn: ({ signal }) => api('webhookEndpoints', { signal }) });
}

export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookEndpointInput) => api('createWebhookEndpoint', { input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}

/** Enable, disable or remove an endpoint, send it a test event, or re-send one delivery. */
export function useWebhookActions() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
  return {
    setEnabled: useMutation({
      mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
        api('updateWebhookEndpoint', { params: { id }, input: { enabled } }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api('deleteWebhookEndpoint', { params: { id } }),
      onSuccess: refresh,
    }),
    sendTest: useMutation({
      mutationFn: (id: string) => api('sendTestWebhook', { params: { id } }),
      onSuccess: refresh,
    }),
    resend: useMutation({
      mutationFn: (id: string) => api('resendWebhookDelivery', { params: { id } }),
      onSuccess: refresh,
    }),
  };
}

/** The delivery log of one endpoint, refreshed every 2 s while it is open (deliveries go out in the background). */
export function useWebhookDeliveries(endpointId: string) {
  return useQuery({
    queryKey: deliveriesKey(endpointId),
    queryFn: ({ signal }) => api('webhookDeliveries', { params: { id: endpointId }, signal }),
    refetchInterval: 2000,
  });
}
