import { revokeGrant } from './oauth.ts';
import { channelIdFor, simId, type SimBroadcast, type SimChatMessage, type SimState } from './state.ts';

/** What a test (or the sandbox's control routes) can make the simulated YouTube do. */
export interface YouTubeSimulatorControls {
  /** Starts a live broadcast with a live chat on the channel (ends the channel's previous one). */
  startBroadcast(channelId: string, title?: string): { broadcastId: string; liveChatId: string };
  /** Ends the channel's live broadcast: its chat ends too (liveChatEnded from then on). */
  stopBroadcast(channelId: string): void;
  /** Ends the live chat but not the broadcast (the creator turned chat off). */
  endChat(channelId: string): void;
  sendSuperChat(channelId: string, input: SuperChatInput): SimChatMessage;
  sendSuperSticker(channelId: string, input: SuperStickerInput): SimChatMessage;
  /** An ordinary chat line (not a paid event), so a client can be seen to skip it. */
  sendText(channelId: string, input: { author?: string; text: string }): SimChatMessage;
  /** The next `times` Data API calls answer 403 quotaExceeded. */
  failNextWithQuota(times?: number): void;
  /** Revokes every grant of the channel, as its owner would from their Google Account. */
  revokeChannelGrants(channelId: string): number;
  /** The refresh tokens the channel's owner has granted and not revoked (to check a revocation from outside). */
  liveGrants(channelId: string): string[];
  /** A channel by title (created when new): its id, as the consent page will return it. */
  channel(title: string): { id: string; title: string };
  setPollingIntervalMillis(ms: number): void;
  /** Data API calls made so far (paths, oldest first). */
  calls(): readonly string[];
}

export interface PaidInput {
  /** Display name of the viewer who paid. */
  author?: string;
  /** The amount in the currency's major unit (₹100 → 100). */
  amount: number;
  /** ISO 4217 code; INR unless given. */
  currency?: string;
  /** YouTube's tier (1 is the lowest); derived from the amount when not given. */
  tier?: number;
}
export interface SuperChatInput extends PaidInput {
  comment?: string;
}
export interface SuperStickerInput extends PaidInput {
  stickerId?: string;
  altText?: string;
  altTextLanguage?: string;
}

/** Tier floors in the major unit (YouTube's colour bands, roughly as in INR). */
const TIER_FLOORS = [0, 40, 80, 150, 400, 800, 2000, 4000, 8000, 15000, 30000];

const tierOf = (amount: number) => TIER_FLOORS.filter((floor) => amount >= floor).length;

function money(input: PaidInput) {
  const currency = input.currency ?? 'INR';
  return {
    amountMicros: String(Math.round(input.amount * 1_000_000)),
    currency,
    amountDisplayString: new Intl.NumberFormat('en-IN', { style: 'currency', currency }).format(input.amount),
    tier: input.tier ?? tierOf(input.amount),
  };
}

export function createControls(state: SimState): YouTubeSimulatorControls {
  const viewers = new Map<string, string>();
  const liveOf = (channelId: string): SimBroadcast => {
    const b = [...state.broadcasts.values()].find(
      (x) => x.channelId === channelId && x.lifeCycleStatus === 'live',
    );
    if (!b) throw new Error(`youtube simulator: channel ${channelId} has no live broadcast`);
    return b;
  };
  const post = (
    channelId: string,
    author: string | undefined,
    snippet: Omit<
      SimChatMessage['snippet'],
      'liveChatId' | 'authorChannelId' | 'publishedAt' | 'hasDisplayContent'
    >,
  ): SimChatMessage => {
    const broadcast = liveOf(channelId);
    // One viewer, one channel: the same display name pays from the same channel id (as a regular fan does).
    const name = author ?? 'Sandbox Viewer';
    const authorChannelId = viewers.get(name) ?? channelIdFor();
    viewers.set(name, authorChannelId);
    const message: SimChatMessage = {
      kind: 'youtube#liveChatMessage',
      etag: simId(8),
      id: `LCC.${simId(18)}`,
      snippet: {
        ...snippet,
        liveChatId: broadcast.liveChatId,
        authorChannelId,
        publishedAt: new Date().toISOString(),
        hasDisplayContent: true,
      },
      authorDetails: {
        channelId: authorChannelId,
        channelUrl: `http://www.youtube.com/channel/${authorChannelId}`,
        displayName: name,
        profileImageUrl: 'https://yt3.ggpht.com/sandbox-avatar.jpg',
        isVerified: false,
        isChatOwner: false,
        isChatSponsor: false,
        isChatModerator: false,
      },
    };
    broadcast.messages.push(message);
    return message;
  };

  return {
    startBroadcast(channelId, title = 'Sandbox live stream') {
      for (const b of state.broadcasts.values())
        if (b.channelId === channelId && b.lifeCycleStatus === 'live') endBroadcast(b);
      const broadcast: SimBroadcast = {
        id: simId(8),
        channelId,
        title,
        liveChatId: `Cg0KC${simId(16)}`,
        lifeCycleStatus: 'live',
        actualStartTime: new Date().toISOString(),
        actualEndTime: null,
        messages: [],
        chatEnded: false,
      };
      state.broadcasts.set(broadcast.id, broadcast);
      return { broadcastId: broadcast.id, liveChatId: broadcast.liveChatId };
    },
    stopBroadcast(channelId) {
      endBroadcast(liveOf(channelId));
    },
    endChat(channelId) {
      liveOf(channelId).chatEnded = true;
    },
    sendSuperChat(channelId, input) {
      const details = { ...money(input), userComment: input.comment ?? '' };
      return post(channelId, input.author, {
        type: 'superChatEvent',
        displayMessage: `${details.amountDisplayString} from ${input.author ?? 'Sandbox Viewer'}: "${details.userComment}"`,
        superChatDetails: details,
      });
    },
    sendSuperSticker(channelId, input) {
      const details = {
        ...money(input),
        superStickerMetadata: {
          stickerId: input.stickerId ?? 'sandbox_sticker_party_popper',
          altText: input.altText ?? 'A party popper bursting with confetti',
          altTextLanguage: input.altTextLanguage ?? 'en',
        },
      };
      return post(channelId, input.author, {
        type: 'superStickerEvent',
        displayMessage: `Super Sticker from ${input.author ?? 'Sandbox Viewer'}: ${details.superStickerMetadata.altText}`,
        superStickerDetails: details,
      });
    },
    sendText(channelId, input) {
      return post(channelId, input.author, {
        type: 'textMessageEvent',
        displayMessage: input.text,
        textMessageDetails: { messageText: input.text },
      });
    },
    failNextWithQuota(times = 1) {
      for (let i = 0; i < times; i++) state.failures.push('quotaExceeded');
    },
    revokeChannelGrants(channelId) {
      let n = 0;
      for (const grant of state.grants.values())
        if (grant.channelId === channelId && !grant.revoked && revokeGrant(state, grant.refreshToken)) n++;
      return n;
    },
    liveGrants(channelId) {
      return [...state.grants.values()]
        .filter((g) => g.channelId === channelId && !g.revoked)
        .map((g) => g.refreshToken);
    },
    channel(title) {
      const found = [...state.channels.values()].find((c) => c.title === title);
      if (found) return found;
      const made = { id: channelIdFor(), title };
      state.channels.set(made.id, made);
      return made;
    },
    setPollingIntervalMillis(ms) {
      state.pollingIntervalMillis = ms;
    },
    calls: () => state.calls,
  };
}

function endBroadcast(b: SimBroadcast): void {
  b.lifeCycleStatus = 'complete';
  b.actualEndTime = new Date().toISOString();
  b.chatEnded = true;
}
