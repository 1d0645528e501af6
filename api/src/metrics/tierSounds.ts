import { Counter } from 'prom-client';
import { registry } from './registry.ts';

/** Tier sound uploads by result. */
const uploads = new Counter({
  name: 'shabaash_tier_sound_uploads_total',
  help: 'Tier sound uploads by result: stored, refused_type (not a real MP3 or OGG), refused_size (over the cap) or refused_full (too many unsaved uploads).',
  labelNames: ['result'] as const,
  registers: [registry],
});

export type TierSoundUploadResult = 'stored' | 'refused_type' | 'refused_size' | 'refused_full';

/** Counts one tier sound upload. */
export function countTierSoundUpload(result: TierSoundUploadResult): void {
  uploads.inc({ result });
}
