import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EndpointOutput, OverlaySettings } from '@shabaash/shared';
import { api } from '../api/client.ts';

export const CREATOR_OVERLAY_QUERY_KEY = ['creator', 'overlay'] as const;
type CreatorOverlay = EndpointOutput<'creatorOverlay'>;

/** The signed-in creator's overlay settings, handle and overlay key (GET /api/creator/overlay). Pass false to skip. */
export function useCreatorOverlay(enabled = true) {
  return useQuery({
    queryKey: CREATOR_OVERLAY_QUERY_KEY,
    queryFn: ({ signal }) => api('creatorOverlay', { signal }),
    enabled,
  });
}

/** Saves overlay settings (PUT /api/creator/settings); the server pushes them to open overlays as overlay:update. */
export function useSaveOverlaySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: OverlaySettings) => api('saveSettings', { input: settings }),
    onSuccess: (settings) => {
      queryClient.setQueryData<CreatorOverlay>(CREATOR_OVERLAY_QUERY_KEY, (old) =>
        old ? { ...old, ...settings } : old,
      );
    },
  });
}

/** Replaces the overlay key (old overlay links stop working); the cached overlay gets the new key. */
export function useRotateOverlayKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('rotateOverlayKey'),
    onSuccess: ({ overlayKey }) => {
      queryClient.setQueryData<CreatorOverlay>(CREATOR_OVERLAY_QUERY_KEY, (old) =>
        old ? { ...old, overlayKey } : old,
      );
    },
  });
}

/** POST /api/creator/show/sounds: stores a tier's sound (a data URL) and answers its `sound` reference. */
export function useUploadTierSound() {
  return useMutation({ mutationFn: (audio: string) => api('uploadTierSound', { input: { audio } }) });
}

/**
 * The overlay link every screen gives a creator for OBS: `${origin}/overlay?key=<overlayKey>&display=1`, the bare
 * overlay. Without display=1 the same path is the Overlay Studio, which is a page for a browser.
 */
export function overlayLink(origin: string, overlayKey: string): string {
  return `${origin}/overlay?key=${encodeURIComponent(overlayKey)}&display=1`;
}

/** The guest tipping link (one definition, shared with the QR widget). */
export { guestLink } from '@shabaash/shared/core';
