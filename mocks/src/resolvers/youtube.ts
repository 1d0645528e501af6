import { STATUS_TEXTS } from '@shabaash/shared';
import { fail, type MockContext } from '../context.ts';
import { newId } from '../state.ts';

/** Connect YouTube over the in-memory state: any code with a state this creator started connects a mock channel. */
export const youtubeResolvers = {
  youtubeStatus: ({ state, user }: MockContext<'youtubeStatus'>) => ({
    available: true,
    channel: state.youtube.channels.get(user?.id ?? '') ?? null,
  }),
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
    return { available: true, channel };
  },
  disconnectYouTube: ({ state, user }: MockContext<'disconnectYouTube'>) => {
    state.youtube.channels.delete(user?.id ?? '');
    return { available: true, channel: null };
  },
};
