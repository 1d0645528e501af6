import { counterBy } from './registry.ts';

export type TierSoundUploadResult = 'stored' | 'refused_type' | 'refused_size' | 'refused_full';

/** Counts one tier sound upload by its result. */
export const countTierSoundUpload = counterBy<TierSoundUploadResult>(
  'shabaash_tier_sound_uploads_total',
  'Tier sound uploads by result: stored, refused_type (not a real MP3 or OGG), refused_size (over the cap) or refused_full (too many unsaved uploads).',
  'result',
);
