import {
  LIMITS,
  MESSAGES,
  type ModeratedTip,
  type Moderator,
  type MyModeration,
  type TipStatus,
} from '@shabaash/shared';
import type { Executor } from '../../db/knex.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { countModeratorAction } from '../../metrics/moderators.ts';
import { changeChatStatus, deleteChat } from '../chats/chats.service.ts';
import { getAlerts, setAlertsPaused } from '../show/alerts.service.ts';
import { sendTestAlert, skipSpeech } from '../show/show.service.ts';
import { creatorSpace, spaceVersion } from '../sync/spaces.ts';
import { listChats } from '../tips/tips.repository.ts';
import { findUserById } from '../users/users.repository.ts';
import {
  activateInvite,
  endModerator,
  insertInvite,
  insertModeratorAction,
  listModerators,
  lockInviteForPhone,
  lockOpenModerator,
  moderatedCreators,
  pendingInvitesForPhone,
  type ModeratedCreatorRecord,
  type ModeratorActionRecord,
} from './moderators.repository.ts';
import { presentModeratedCreator, presentModeratedTip, presentModerator } from './moderators.presenter.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who acts as a moderator, for whom (requireModerator puts it on the request). */
export interface Moderation {
  creator: ModeratedCreatorRecord;
  moderatorId: string;
  moderatorName: string;
}

async function userOf(db: Executor, userId: string) {
  const user = await findUserById(db, userId);
  if (!user) throw notFound('User');
  return user;
}

/** Writes the log row of one action and counts it. */
async function record(db: Executor, entry: ModeratorActionRecord): Promise<void> {
  await insertModeratorAction(db, entry);
  countModeratorAction(entry.action);
}

// ---------- the creator's side ----------

export async function creatorModerators(db: Executor, creatorId: string): Promise<Moderator[]> {
  return (await listModerators(db, creatorId)).map(presentModerator);
}

/** Invites a phone number to moderate; the creator's own number, or one already invited, is refused. */
export async function inviteModerator(
  deps: Pick<AppDeps, 'db'>,
  creatorId: string,
  phone: string,
): Promise<Moderator> {
  const creator = await userOf(deps.db, creatorId);
  if (creator.phone === phone) throw badRequest(MESSAGES.moderatorSelfInvite, 'phone');
  const id = await deps.db.transaction(async (tx) => {
    const open = await listModerators(tx, creatorId);
    if (open.length >= LIMITS.moderatorsPerCreator) throw badRequest(MESSAGES.moderatorsFull, 'phone');
    const invite = await insertInvite(tx, creatorId, phone);
    if (!invite) throw conflict(MESSAGES.moderatorAlreadyInvited);
    await record(tx, {
      creatorId,
      actorId: creatorId,
      actorName: creator.name,
      action: 'invite',
      targetId: invite.id,
    });
    return invite.id;
  });
  const created = (await listModerators(deps.db, creatorId)).find((m) => m.id === id);
  if (!created) throw notFound('Moderator');
  return presentModerator(created);
}

/**
 * Removes a moderator (or withdraws an invitation): the row ends, the log keeps it, and after commit every open
 * socket of that moderator that was granted this creator's chats closes on every instance.
 */
export async function removeModerator(
  deps: Pick<AppDeps, 'db' | 'realtime'>,
  creatorId: string,
  id: string,
): Promise<void> {
  if (!UUID.test(id)) throw notFound('Moderator');
  const creator = await userOf(deps.db, creatorId);
  const removed = await deps.db.transaction(async (tx) => {
    const row = await lockOpenModerator(tx, creatorId, id);
    if (!row) throw notFound('Moderator');
    await endModerator(tx, id, 'removed');
    await record(tx, {
      creatorId,
      actorId: creatorId,
      actorName: creator.name,
      action: 'remove',
      targetId: id,
    });
    return row;
  });
  if (removed.moderatorId) deps.realtime.moderatorRemoved(creatorId, removed.moderatorId);
}

// ---------- the invitee's side ----------

/** Invitations to the signed-in user's phone, and the creators they moderate. */
export async function myModeration(db: Executor, userId: string): Promise<MyModeration> {
  const user = await userOf(db, userId);
  const [invites, creators] = await Promise.all([
    pendingInvitesForPhone(db, user.phone),
    moderatedCreators(db, userId),
  ]);
  return {
    invites: invites
      .filter((invite) => invite.creatorId !== userId)
      .map((invite) => ({
        id: invite.inviteId,
        creator: presentModeratedCreator(invite),
        invitedAt: invite.createdAt.toISOString(),
      })),
    creators: creators.map(presentModeratedCreator),
  };
}

/** Accepts or declines an invitation made to the signed-in user's phone (anyone else's → 404). */
export async function answerInvite(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  id: string,
  accept: boolean,
): Promise<MyModeration> {
  if (!UUID.test(id)) throw notFound('Invitation');
  const user = await userOf(deps.db, userId);
  await deps.db.transaction(async (tx) => {
    const invite = await lockInviteForPhone(tx, id, user.phone);
    if (!invite || invite.creatorId === userId) throw notFound('Invitation');
    if (accept) await activateInvite(tx, id, userId);
    else await endModerator(tx, id, 'declined');
    await record(tx, {
      creatorId: invite.creatorId,
      actorId: userId,
      actorName: user.name,
      action: accept ? 'accept' : 'decline',
      targetId: id,
    });
  });
  return myModeration(deps.db, userId);
}

// ---------- the moderator's Chat Loader ----------

/** The moderated creator's queue (at most the Chat Loader's 200), without amounts, plus the space's version. */
export async function moderatedChats(
  db: Executor,
  moderation: Moderation,
  search: string | undefined,
): Promise<{
  creator: ReturnType<typeof presentModeratedCreator>;
  tips: ModeratedTip[];
  paused: boolean;
  version: number;
}> {
  const { creatorId } = moderation.creator;
  const version = await spaceVersion(db, creatorSpace(creatorId));
  const [rows, alerts] = await Promise.all([
    listChats(db, creatorId, {
      search: search || undefined,
      sort: 'updated',
      limit: LIMITS.chatControlMaxTips,
    }),
    getAlerts(db, creatorId),
  ]);
  return {
    creator: presentModeratedCreator(moderation.creator),
    tips: rows.map(presentModeratedTip),
    paused: alerts.paused,
    version,
  };
}

function logFor(moderation: Moderation, action: string, targetId: string | null): ModeratorActionRecord {
  return {
    creatorId: moderation.creator.creatorId,
    actorId: moderation.moderatorId,
    actorName: moderation.moderatorName,
    action,
    targetId,
  };
}

/** Push live / unread / ignore as a moderator: the creator's change, named after the moderator. */
export async function moderateChatStatus(
  deps: Pick<AppDeps, 'db' | 'realtime' | 'speech'>,
  moderation: Moderation,
  tipId: string,
  status: TipStatus,
): Promise<ModeratedTip> {
  const row = await changeChatStatus(
    deps,
    moderation.creator.creatorId,
    tipId,
    status,
    moderation.moderatorName,
  );
  await record(deps.db, logFor(moderation, `chat.${status}`, tipId));
  return presentModeratedTip(row);
}

export async function moderateDeleteChat(
  deps: Pick<AppDeps, 'db' | 'realtime'>,
  moderation: Moderation,
  tipId: string,
): Promise<string> {
  const id = await deleteChat(deps, moderation.creator.creatorId, tipId);
  await record(deps.db, logFor(moderation, 'chat.delete', tipId));
  return id;
}

/** The test alert at its default amount (the moderator picks no amount: tiers are the creator's business). */
export async function moderateTestAlert(deps: Pick<AppDeps, 'db' | 'realtime'>, moderation: Moderation) {
  await sendTestAlert(deps, moderation.creator.creatorId);
  await record(deps.db, logFor(moderation, 'show.test', null));
}

export async function moderateSkipSpeech(deps: Pick<AppDeps, 'db' | 'realtime'>, moderation: Moderation) {
  skipSpeech(deps, moderation.creator.creatorId);
  await record(deps.db, logFor(moderation, 'show.skip', null));
}

export async function moderateAlerts(
  deps: Pick<AppDeps, 'db' | 'realtime'>,
  moderation: Moderation,
  paused: boolean,
): Promise<{ paused: boolean }> {
  const state = await setAlertsPaused(deps, moderation.creator.creatorId, paused);
  await record(deps.db, logFor(moderation, paused ? 'show.pause' : 'show.resume', null));
  return { paused: state.paused };
}
