import { useConfig } from '../api/useConfig.ts';
import { readRememberedCreator } from '../lib/referringCreator.ts';

/** The creator to tip by default: the one whose link brought the viewer, else config.defaultCreator, else null. */
export function useDefaultCreatorHandle(): { handle: string | null; isResolved: boolean } {
  const config = useConfig();
  const remembered = readRememberedCreator();
  return {
    handle: remembered ?? config.data?.defaultCreator?.handle ?? null,
    isResolved: remembered !== null || !config.isPending,
  };
}
