import { useMutation } from '@tanstack/react-query';
import type { EndpointInput } from '@shabaash/shared';
import { api } from '../api/client.ts';

/** POST /api/creator/show/test-alert: a marked test tip on the creator's overlays (nothing stored). */
export function useSendTestAlert() {
  return useMutation({
    mutationFn: (input: EndpointInput<'sendTestAlert'> = {}) => api('sendTestAlert', { input }),
  });
}

/** POST /api/creator/show/skip-speech: stops the speech on every connected overlay. */
export function useSkipSpeech() {
  return useMutation({ mutationFn: () => api('skipSpeech') });
}
