import type { Executor } from '../db/knex.ts';
import type { RealtimeBus } from '../deps.ts';
import type { Logger } from '../logger.ts';
import { getTimerRun } from '../modules/timer/timer.service.ts';
import type { Fanout, FanoutHandlers } from './fanout.ts';
import { msg } from './messages.ts';
import type { Publisher } from './publish.ts';
import type { RoomPusher } from './rooms.ts';
import { creatorSpace } from '../modules/sync/spaces.ts';
import { UUID_RE } from './types.ts';

// The subathon timer's realtime: timer:update / timer:ended to the creator's rooms (bots) and overlay rooms, here
// and, through the coalesced NOTIFY, on the other instances (which re-read the run).

/** The bus's timerUpdated: pushes the run to this instance's rooms and tells the other instances. */
export function timerPusher(
  isClosed: () => boolean,
  push: RoomPusher,
  fanout: Fanout,
): RealtimeBus['timerUpdated'] {
  return (creatorId, run, ended) => {
    if (isClosed()) return;
    push(creatorId, msg.timerUpdate(run, ended));
    fanout.timer(creatorId, ended);
  };
}

/** Another instance's timer news: re-reads the run and pushes it to this instance's rooms of that creator. */
export function remoteTimerPusher(
  db: Executor,
  log: Logger,
  publisher: Publisher,
  push: RoomPusher,
): FanoutHandlers['timerChanged'] {
  return async (creatorId, ended) => {
    if (!publisher.states.has(creatorSpace(creatorId)) || !UUID_RE.test(creatorId)) return;
    try {
      push(creatorId, msg.timerUpdate(await getTimerRun(db, creatorId), ended));
    } catch (err) {
      log.error({ err }, 'could not read the timer for a notification');
    }
  };
}
