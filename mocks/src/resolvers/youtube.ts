import { STATUS_TEXTS, type YouTubeSettings, type YouTubeStatus } from '@shabaash/shared';
import { fail, type MockContext } from '../context.ts';
import { newId } from '../state.ts';

const DEFAULT_SETTINGS: YouTubeSettings = { countMode: 'inrOnly', rates: {} };

/** The creator's status: connected channels follow no broadcast in mock mode (idle, nothing used of the quota). */
function statusOf(state: MockContext<'youtubeStatus'>['state'], creatorId: string): YouTubeStatus {
  const channel = state.youtube.channels.get(creatorId) ?? null;
  return {
    available: true,
    channel,
    live: channel
      ? {
          state: 'idle',
          broadcastTitle: null,
          message: null,
          quota: { dailyUnits: 10_000, usedUnits: 0, pollEveryMs: 5_000 },
          updatedAt: channel.connectedAt,
        }
      : null,
    settings: state.youtube.settings.get(creatorId) ?? DEFAULT_SETTINGS,
  };
}

/** Connect YouTube over the in-memory state: any code with a state this creator started connects a mock channel. */
export const youtubeResolvers = {
  youtubeStatus: ({ state, user }: MockContext<'youtubeStatus'>) => statusOf(state, user?.id ?? ''),
  connectYouTube: ({ state, user }: MockContext<'connectYouTube'>) => {
    const oauthState = newId(state, 'd');
    state.youtube.states.set(oauthState, user?.id ?? '');
    return {
      url: `https://accounts.google.com/o/oauth2/v2/auth?response_type=code&state=${oauthState}&code_challenge_method=S256`,
    };
  },
  youtubeCallback: ({ state, user, input }: MockContext<'youtubeCallback'>) => {
    const creatorId = user?.id ?? '';
    if (!creatorId || state.youtube.states.get(input.state) !== creatorId)
      throw fail('VALIDATION_FAILED', STATUS_TEXTS.youtubeStateMismatch);
    state.youtube.states.delete(input.state);
    const channel = {
      id: 'UCmockchannel0000000000',
      title: 'Mock Channel',
      connectedAt: new Date().toISOString(),
    };
    state.youtube.channels.set(creatorId, channel);
    return statusOf(state, creatorId);
  },
  youtubeSettings: ({ state, user, input }: MockContext<'youtubeSettings'>) => {
    state.youtube.settings.set(user?.id ?? '', input);
    return statusOf(state, user?.id ?? '');
  },
  disconnectYouTube: ({ state, user }: MockContext<'disconnectYouTube'>) => {
    state.youtube.channels.delete(user?.id ?? '');
    return statusOf(state, user?.id ?? '');
  },
};
