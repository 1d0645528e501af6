import type { Executor } from '../../db/knex.ts';

/** One invitation or moderator of a creator, with the moderator's name once accepted. */
export interface ModeratorRecord {
  id: string;
  creatorId: string;
  phone: string;
  moderatorId: string | null;
  moderatorName: string | null;
  status: 'pending' | 'active';
  createdAt: Date;
  acceptedAt: Date | null;
}

/** A creator as their moderators and invitees see them. */
export interface ModeratedCreatorRecord {
  inviteId: string;
  creatorId: string;
  handle: string;
  name: string;
  profilePic: string | null;
  createdAt: Date;
}

const MODERATOR_COLUMNS = [
  'm.id',
  'm.creator_id as creatorId',
  'm.phone',
  'm.moderator_id as moderatorId',
  'u.name as moderatorName',
  'm.status',
  'm.created_at as createdAt',
  'm.accepted_at as acceptedAt',
] as const;

const OPEN = ['pending', 'active'];

function open(db: Executor) {
  return db('creator_moderators as m')
    .leftJoin('users as u', 'u.id', 'm.moderator_id')
    .whereIn('m.status', OPEN);
}

/** A creator's moderators and pending invitations, oldest first. */
export async function listModerators(db: Executor, creatorId: string): Promise<ModeratorRecord[]> {
  return open(db)
    .where('m.creator_id', creatorId)
    .orderBy([{ column: 'm.created_at' }, { column: 'm.id' }])
    .select<ModeratorRecord[]>(...MODERATOR_COLUMNS);
}

/** Invites this phone; null when it is already invited or a moderator (one open row per creator and phone). */
export async function insertInvite(
  tx: Executor,
  creatorId: string,
  phone: string,
): Promise<{ id: string } | null> {
  const rows = await tx('creator_moderators')
    .insert({ creator_id: creatorId, phone, status: 'pending' })
    .onConflict(tx.raw(`(creator_id, phone) where status in ('pending','active')`))
    .ignore()
    .returning<Array<{ id: string }>>('id');
  return rows[0] ?? null;
}

/** One open row of this creator, locked. */
export async function lockOpenModerator(
  tx: Executor,
  creatorId: string,
  id: string,
): Promise<ModeratorRecord | undefined> {
  return open(tx)
    .where({ 'm.id': id, 'm.creator_id': creatorId })
    .forUpdate('m')
    .first<ModeratorRecord | undefined>(...MODERATOR_COLUMNS);
}

/** Ends an open row: `removed` by the creator, `declined` by the invitee. */
export async function endModerator(tx: Executor, id: string, status: 'removed' | 'declined'): Promise<void> {
  await tx('creator_moderators').where({ id }).update({ status, ended_at: tx.fn.now() });
}

/** A pending invitation for this phone, locked; undefined when there is none with this id. */
export async function lockInviteForPhone(
  tx: Executor,
  id: string,
  phone: string,
): Promise<{ id: string; creatorId: string } | undefined> {
  return tx('creator_moderators')
    .where({ id, phone, status: 'pending' })
    .forUpdate()
    .first<{ id: string; creatorId: string } | undefined>('id', 'creator_id as creatorId');
}

/** The invitee becomes the creator's moderator. */
export async function activateInvite(tx: Executor, id: string, moderatorId: string): Promise<void> {
  await tx('creator_moderators')
    .where({ id })
    .update({ status: 'active', moderator_id: moderatorId, accepted_at: tx.fn.now() });
}

function creatorsOf(db: Executor) {
  return db('creator_moderators as m')
    .join('creators as c', 'c.user_id', 'm.creator_id')
    .join('users as cu', 'cu.id', 'c.user_id')
    .whereNull('c.deleted_at')
    .orderBy([{ column: 'm.created_at' }, { column: 'm.id' }])
    .select<ModeratedCreatorRecord[]>(
      'm.id as inviteId',
      'm.creator_id as creatorId',
      'c.handle',
      'c.display_name as name',
      'cu.profile_pic as profilePic',
      'm.created_at as createdAt',
    );
}

/** Invitations waiting for this phone. */
export async function pendingInvitesForPhone(db: Executor, phone: string): Promise<ModeratedCreatorRecord[]> {
  return creatorsOf(db).where({ 'm.phone': phone, 'm.status': 'pending' });
}

/** The creators this user actively moderates. */
export async function moderatedCreators(db: Executor, userId: string): Promise<ModeratedCreatorRecord[]> {
  return creatorsOf(db).where({ 'm.moderator_id': userId, 'm.status': 'active' });
}

/** The creator of this handle when this user actively moderates them (and the creator is not deleted). */
export async function findModeratedCreator(
  db: Executor,
  userId: string,
  handleKey: string,
): Promise<ModeratedCreatorRecord | undefined> {
  return creatorsOf(db)
    .where({ 'm.moderator_id': userId, 'm.status': 'active' })
    .where('c.handle', handleKey)
    .first();
}

/** One row of the moderators' log. */
export interface ModeratorActionRecord {
  creatorId: string;
  actorId: string;
  actorName: string;
  /** `invite`, `accept`, `decline`, `remove`, `chat.read`, `chat.unread`, `chat.ignore`, `chat.delete`, `show.test`, `show.skip`, `show.pause`, `show.resume`. */
  action: string;
  targetId: string | null;
}

/** Appends one row to the moderators' log (the table refuses UPDATE and DELETE). */
export async function insertModeratorAction(db: Executor, record: ModeratorActionRecord): Promise<void> {
  await db('moderator_actions').insert({
    creator_id: record.creatorId,
    actor_id: record.actorId,
    actor_name: record.actorName,
    action: record.action,
    target_id: record.targetId,
  });
}
