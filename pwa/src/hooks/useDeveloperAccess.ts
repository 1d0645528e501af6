import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiTokenInput, WebhookEndpointInput } from '@shabaash/shared';
import { api } from '../api/client.ts';

const TOKENS_KEY = ['creator', 'api-tokens'] as const;
const WEBHOOKS_KEY = ['creator', 'webhooks'] as const;
const deliveriesKey = (endpointId: string) => [...WEBHOOKS_KEY, endpointId, 'deliveries'] as const;

/** A mutation that refreshes the queries under `queryKey` once it succeeds. */
function useRefreshingMutation<I, O>(mutationFn: (input: I) => Promise<O>, queryKey: readonly string[]) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => void queryClient.invalidateQueries({ queryKey }) });
}

/** The creator's API tokens (never their secrets). */
export function useApiTokens() {
  return useQuery({ queryKey: TOKENS_KEY, queryFn: ({ signal }) => api('apiTokens', { signal }) });
}

/** Makes a token; the answer carries the secret, shown once. */
export function useCreateApiToken() {
  return useRefreshingMutation((input: ApiTokenInput) => api('createApiToken', { input }), TOKENS_KEY);
}

export function useRevokeApiToken() {
  return useRefreshingMutation((id: string) => api('revokeApiToken', { params: { id } }), TOKENS_KEY);
}

export function useWebhookEndpoints() {
  return useQuery({ queryKey: WEBHOOKS_KEY, queryFn: ({ signal }) => api('webhookEndpoints', { signal }) });
}

export function useCreateWebhookEndpoint() {
  return useRefreshingMutation(
    (input: WebhookEndpointInput) => api('createWebhookEndpoint', { input }),
    WEBHOOKS_KEY,
  );
}

/** Enable, disable or remove an endpoint, send it a test event, or re-send one delivery. */
export function useWebhookActions() {
  return {
    setEnabled: useRefreshingMutation(
      ({ id, enabled }: { id: string; enabled: boolean }) =>
        api('updateWebhookEndpoint', { params: { id }, input: { enabled } }),
      WEBHOOKS_KEY,
    ),
    remove: useRefreshingMutation(
      (id: string) => api('deleteWebhookEndpoint', { params: { id } }),
      WEBHOOKS_KEY,
    ),
    sendTest: useRefreshingMutation((id: string) => api('sendTestWebhook', { params: { id } }), WEBHOOKS_KEY),
    resend: useRefreshingMutation(
      (id: string) => api('resendWebhookDelivery', { params: { id } }),
      WEBHOOKS_KEY,
    ),
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
