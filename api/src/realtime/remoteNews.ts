import type { YouTubeLive } from '@shabaash/shared';
import { AppError } from '../http/errors.ts';
import type { Executor } from '../db/knex.ts';
import type { Logger } from '../logger.ts';
import { getOverlay, pickSettings } from '../modules/creators/overlay.service.ts';
import { findLatestSession } from '../modules/stream/stream.repository.ts';
import { presentSession } from '../modules/stream/stream.presenter.ts';
import { creatorSpace } from '../modules/sync/spaces.ts';
import type { FanoutHandlers } from './fanout.ts';
import { msg } from './messages.ts';
import type { Presence } from './presence.ts';
import type { Publisher } from './publish.ts';
import type { OverlayCreators } from './overlayCreators.ts';
import type { Revocation } from './revocation.ts';
import { withPayouts, type RoomPusher, type ShowPusher } from './rooms.ts';
import { remoteTimerPusher } from './timers.ts';
import { findAlertsState } from '../modules/show/alerts.repository.ts';
import { UUID_RE } from './types.ts';

/** What this instance does with another instance's news. */
export function notificationHandlers(parts: {
  db: Executor;
  log: Logger;
  publisher: Publisher;
  presence: Presence;
  revocation: Revocation;
  /** The overlay keys this instance remembers (a rotation or suspension elsewhere forgets them). */
  overlayCreators: OverlayCreators;
  pushToRooms: RoomPusher;
  pushToTeam: RoomPusher;
  pushShow: ShowPusher;
  /** The creator's own sockets (their Chat Loaders): the YouTube follower's state. */
  pushToCreator: RoomPusher;
  /** The creator's YouTube follower state now (null when no channel is connected). */
  youtubeLive(creatorId: string): Promise<YouTubeLive | null>;
  announceAllPresence(): void;
}): FanoutHandlers {
  const { db, log, publisher, presence, revocation, overlayCreators } = parts;
  return {
    revoked: (userId, sessionId) => revocation.closeRevokedSessions(userId, sessionId),
    rotated(creatorId) {
      overlayCreators.forget(creatorId);
      revocation.closeRotatedOverlays(creatorId);
    },
    suspended(creatorId) {
      overlayCreators.forget(creatorId);
      revocation.closeSuspendedOverlays(creatorId);
    },
    apiTokenRevoked: (tokenId) => revocation.closeRevokedApiTokens(tokenId),
    moderatorRemoved: (creatorId, userId) => revocation.closeRemovedModerators(creatorId, userId),
    presence: (creatorId, instance, counts) => presence.setRemote(creatorId, instance, counts),
    ask: parts.announceAllPresence,
    show: parts.pushShow,
    changed(space, version) {
      const [own, payouts] = withPayouts(space);
      const payoutsState = payouts ? publisher.states.get(payouts) : undefined;
      if (payoutsState) publisher.schedule(payoutsState);
      const state = own ? publisher.states.get(own) : undefined;
      if (!state) return;
      if (version != null && state.published >= version && !state.queued) return;
      publisher.schedule(state);
    },
    async overlayChanged(creatorId) {
      if (!publisher.states.has(creatorSpace(creatorId)) || !UUID_RE.test(creatorId)) return;
      try {
        // The show and widget settings travel with the looks, as they do on the instance that saved them.
        parts.pushToRooms(creatorId, msg.overlayUpdate(pickSettings(await getOverlay(db, creatorId))));
      } catch (err) {
        if (err instanceof AppError && err.code === 'NOT_FOUND') return; // the creator is gone
        log.error({ err }, 'could not read overlay settings for a notification');
      }
    },
    async streamChanged(creatorId) {
      if (!publisher.states.has(creatorSpace(creatorId)) || !UUID_RE.test(creatorId)) return;
      try {
        const session = await findLatestSession(db, creatorId);
        parts.pushToRooms(creatorId, msg.streamUpdate(session ? presentSession(session) : null));
      } catch (err) {
        log.error({ err }, 'could not read the stream session for a notification');
      }
    },
    timerChanged: remoteTimerPusher(db, log, publisher, parts.pushToRooms),
    async alertsChanged(creatorId) {
      if (!publisher.states.has(creatorSpace(creatorId)) || !UUID_RE.test(creatorId)) return;
      try {
        parts.pushToTeam(creatorId, msg.alertsUpdate(await findAlertsState(db, creatorId)));
      } catch (err) {
        log.error({ err }, 'could not read the alerts state for a notification');
      }
    },
    async youtubeChanged(creatorId) {
      if (!publisher.states.has(creatorSpace(creatorId)) || !UUID_RE.test(creatorId)) return;
      try {
        const live = await parts.youtubeLive(creatorId);
        if (live) parts.pushToCreator(creatorId, msg.youtubeLive(live));
      } catch (err) {
        log.error({ err }, 'could not read the YouTube follower state for a notification');
      }
    },
    reconnected() {
      overlayCreators.clear();
      for (const state of publisher.states.values()) publisher.schedule(state);
    },
  };
}
