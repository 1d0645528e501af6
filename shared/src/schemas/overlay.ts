import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../validationMessages.ts';
import { handleSchema, hexColorSchema } from './common.ts';
import { showSettingsSchema } from './show.ts';
import { widgetSettingsSchema } from './widgets.ts';

/** The creator's profile and OBS overlay settings, and the query strings that pick a creator or an overlay. */

export const overlaySettingsSchema = z.object({
  overlayTheme: z.string().trim().min(1).max(40),
  font: z.string().trim().min(1).max(60),
  color: hexColorSchema,
  sound: z.string().trim().min(1).max(60),
  /** Tiers and TTS; responses always carry it, a PUT without it keeps the stored one. */
  show: z.lazy(() => showSettingsSchema).optional(),
  /** Goal, QR and top supporters widgets; responses always carry it, a PUT without it keeps the stored one. */
  widgets: widgetSettingsSchema.optional(),
});
export type OverlaySettings = z.infer<typeof overlaySettingsSchema>;

export const creatorOverlayResponseSchema = overlaySettingsSchema.extend({
  handle: z.string(),
  displayName: z.string(),
  overlayKey: z.string(),
});

export const creatorProfileInputSchema = z.object({
  handle: handleSchema,
  displayName: z.string().trim().min(1, { error: VALIDATION_MESSAGES.displayNameRequired }).max(80),
});

export const creatorQuerySchema = z.object({ creator: handleSchema.optional() });
export const displayQuerySchema = z.object({
  creator: handleSchema.optional(),
  key: z.string().min(1).optional(),
});
export const overlayKeyQuerySchema = z.object({ key: z.string().min(1) });
