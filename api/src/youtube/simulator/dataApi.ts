import type { Answer } from './oauth.ts';
import {
  DEFAULT_PAGE_ITEMS,
  grantOfAccessToken,
  MAX_PAGE_ITEMS,
  simId,
  type SimBroadcast,
  type SimGrant,
  type SimState,
} from './state.ts';

/** The YouTube Data API v3 calls the simulator serves: channels, liveBroadcasts and liveChatMessages list. */

interface GoogleErrorItem {
  message: string;
  domain: string;
  reason: string;
  location?: string;
  locationType?: string;
}

/** Google's JSON error envelope: `{ error: { code, message, errors: [{ message, domain, reason }], status } }`. */
export function googleError(code: number, status: string, item: GoogleErrorItem): Answer {
  return { status: code, body: { error: { code, message: item.message, errors: [item], status } } };
}

export const ERRORS = {
  unauthenticated: () =>
    googleError(401, 'UNAUTHENTICATED', {
      message:
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      domain: 'global',
      reason: 'authError',
      location: 'Authorization',
      locationType: 'header',
    }),
  quotaExceeded: () =>
    googleError(403, 'PERMISSION_DENIED', {
      message:
        'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
      domain: 'youtube.quota',
      reason: 'quotaExceeded',
    }),
  liveChatEnded: () =>
    googleError(403, 'PERMISSION_DENIED', {
      message: 'The live chat is no longer live.',
      domain: 'youtube.liveChat',
      reason: 'liveChatEnded',
    }),
  liveChatNotFound: () =>
    googleError(404, 'NOT_FOUND', {
      message: 'The live chat that you are trying to retrieve cannot be found.',
      domain: 'youtube.liveChat',
      reason: 'liveChatNotFound',
    }),
  invalidPageToken: () =>
    googleError(400, 'INVALID_ARGUMENT', {
      message: 'The request specifies an invalid page token.',
      domain: 'youtube.liveChat',
      reason: 'pageTokenInvalid',
    }),
  badRequest: (message: string) =>
    googleError(400, 'INVALID_ARGUMENT', { message, domain: 'global', reason: 'invalidParameter' }),
  notFound: () =>
    googleError(404, 'NOT_FOUND', { message: 'Not Found', domain: 'global', reason: 'notFound' }),
};

const pageTokenFor = (liveChatId: string, index: number) =>
  Buffer.from(`${liveChatId}:${index}`, 'utf8').toString('base64url');

function indexOfPageToken(liveChatId: string, token: string): number | null {
  const [chat, index] = Buffer.from(token, 'base64url').toString('utf8').split(':');
  const n = Number(index);
  return chat === liveChatId && Number.isInteger(n) && n >= 0 ? n : null;
}

function broadcastResource(b: SimBroadcast) {
  return {
    kind: 'youtube#liveBroadcast',
    etag: simId(8),
    id: b.id,
    snippet: {
      publishedAt: b.actualStartTime,
      channelId: b.channelId,
      title: b.title,
      description: '',
      actualStartTime: b.actualStartTime,
      ...(b.actualEndTime ? { actualEndTime: b.actualEndTime } : {}),
      isDefaultBroadcast: false,
      liveChatId: b.liveChatId,
    },
    status: { lifeCycleStatus: b.lifeCycleStatus, privacyStatus: 'public', recordingStatus: 'recording' },
  };
}

function listBroadcasts(state: SimState, grant: SimGrant, q: URLSearchParams): Answer {
  if (q.get('mine') !== 'true' && !q.get('id') && !q.get('broadcastStatus'))
    return ERRORS.badRequest('No filter selected. Expected one of: mine, id, broadcastStatus');
  const status = q.get('broadcastStatus');
  const items = [...state.broadcasts.values()]
    .filter((b) => b.channelId === grant.channelId)
    .filter((b) => !q.get('id') || b.id === q.get('id'))
    .filter((b) => {
      if (!status || status === 'all') return true;
      if (status === 'active') return b.lifeCycleStatus === 'live';
      if (status === 'completed') return b.lifeCycleStatus === 'complete';
      return false;
    })
    .map(broadcastResource);
  return {
    status: 200,
    body: {
      kind: 'youtube#liveBroadcastListResponse',
      etag: simId(8),
      pageInfo: { totalResults: items.length, resultsPerPage: items.length },
      items,
    },
  };
}

function listChatMessages(state: SimState, q: URLSearchParams): Answer {
  const liveChatId = q.get('liveChatId') ?? '';
  if (!liveChatId) return ERRORS.badRequest('Required parameter: liveChatId');
  const broadcast = [...state.broadcasts.values()].find((b) => b.liveChatId === liveChatId);
  if (!broadcast) return ERRORS.liveChatNotFound();
  if (broadcast.chatEnded) return ERRORS.liveChatEnded();
  const given = q.get('pageToken');
  const from = given ? indexOfPageToken(liveChatId, given) : 0;
  if (from === null) return ERRORS.invalidPageToken();
  const max = Math.min(
    Number(q.get('maxResults') ?? DEFAULT_PAGE_ITEMS) || DEFAULT_PAGE_ITEMS,
    MAX_PAGE_ITEMS,
  );
  const items = broadcast.messages.slice(from, from + max);
  return {
    status: 200,
    body: {
      kind: 'youtube#liveChatMessageListResponse',
      etag: simId(8),
      pollingIntervalMillis: state.pollingIntervalMillis,
      pageInfo: { totalResults: broadcast.messages.length, resultsPerPage: items.length },
      nextPageToken: pageTokenFor(liveChatId, from + items.length),
      items,
    },
  };
}

function listChannels(state: SimState, grant: SimGrant, q: URLSearchParams): Answer {
  if (q.get('mine') !== 'true') return ERRORS.badRequest('No filter selected. Expected one of: mine');
  const channel = state.channels.get(grant.channelId);
  const items = channel
    ? [
        {
          kind: 'youtube#channel',
          etag: simId(8),
          id: channel.id,
          snippet: { title: channel.title, description: '' },
        },
      ]
    : [];
  return {
    status: 200,
    body: { kind: 'youtube#channelListResponse', pageInfo: { totalResults: items.length }, items },
  };
}

/** A GET under /youtube/v3/: the bearer token, then a queued failure, then the call itself. */
export function handleDataApi(
  state: SimState,
  path: string,
  q: URLSearchParams,
  authorization: string,
): Answer {
  state.calls.push(path);
  const bearer = /^Bearer (.+)$/i.exec(authorization)?.[1] ?? q.get('access_token') ?? '';
  const grant = grantOfAccessToken(state, bearer);
  if (!grant) return ERRORS.unauthenticated();
  const failure = state.failures.shift();
  if (failure === 'quotaExceeded') return ERRORS.quotaExceeded();
  if (path === '/youtube/v3/liveBroadcasts') return listBroadcasts(state, grant, q);
  if (path === '/youtube/v3/liveChat/messages') return listChatMessages(state, q);
  if (path === '/youtube/v3/channels') return listChannels(state, grant, q);
  return ERRORS.notFound();
}
