import { describe, expect, it } from 'vitest';
import { WS_CLOSE } from '@shabaash/shared';
import { fakeConn } from '../../test/realtime/fakeConn.ts';
import { createLogger } from '../logger.ts';
import { createRevocation } from './revocation.ts';
import { createSender } from './sending.ts';
import type { Conn } from './types.ts';

const sender = createSender({ maxBufferedBytes: 1e6, check: true, log: createLogger('silent') });
const session = (userId: string, sessionId: string) => ({ session: { userId, sessionId } });

describe('revocation', () => {
  it('closes the revoked session only, or every session of the user when none is named', () => {
    const a1 = fakeConn({}, session('a', 's1'));
    const a2 = fakeConn({}, session('a', 's2'));
    const b = fakeConn({}, session('b', 's3'));
    const conns = new Set<Conn>([a1, a2, b]);
    const revocation = createRevocation({ conns, sender });
    revocation.closeRevokedSessions('a', 's1');
    expect(a1.fake.closedWith).toEqual({ code: 4001, reason: 'Session ended' });
    expect(a2.fake.closedWith).toBeNull();
    revocation.closeRevokedSessions('a', null);
    expect(a2.fake.closedWith?.code).toBe(4001);
    expect(b.fake.closedWith).toBeNull();
  });

  it('closes the overlays of a rotated key only', () => {
    const mine = fakeConn({}, { overlayOf: 'c1' });
    const other = fakeConn({}, { overlayOf: 'c2' });
    const revocation = createRevocation({ conns: [mine, other], sender });
    revocation.closeRotatedOverlays('c1');
    expect(mine.fake.closedWith).toEqual({ code: 4001, reason: 'Overlay key rotated' });
    expect(other.fake.closedWith).toBeNull();
  });

  it("closes the bot sockets of a revoked API token only, not its creator's own", () => {
    const bot = fakeConn({}, { apiTokenId: 't1' });
    const otherBot = fakeConn({}, { apiTokenId: 't2' });
    const creator = fakeConn({}, { session: { userId: 'c1', sessionId: 's1' }, userId: 'c1' });
    const revocation = createRevocation({ conns: [bot, otherBot, creator], sender });
    revocation.closeRevokedApiTokens('t1');
    expect(bot.fake.closedWith).toEqual({ code: 4001, reason: 'API token revoked' });
    expect(otherBot.fake.closedWith).toBeNull();
    expect(creator.fake.closedWith).toBeNull();
  });

  it("closes a removed moderator's sockets that hold that creator's chats, not their other creators' or the creator's", () => {
    const modOfC1 = fakeConn(
      { 'creator:c1': { view: 'moderator' } },
      { userId: 'm', session: session('m', 's1').session },
    );
    const modOfC2 = fakeConn(
      { 'creator:c2': { view: 'moderator' } },
      { userId: 'm', session: session('m', 's2').session },
    );
    const creator = fakeConn(
      { 'creator:c1': { view: 'full' } },
      { userId: 'c1', session: session('c1', 's3').session },
    );
    const otherMod = fakeConn(
      { 'creator:c1': { view: 'moderator' } },
      { userId: 'n', session: session('n', 's4').session },
    );
    const revocation = createRevocation({ conns: [modOfC1, modOfC2, creator, otherMod], sender });
    revocation.closeRemovedModerators('c1', 'm');
    expect(modOfC1.fake.closedWith).toEqual({ code: WS_CLOSE.moderatorRemoved, reason: 'Moderator removed' });
    for (const conn of [modOfC2, creator, otherMod]) expect(conn.fake.closedWith).toBeNull();
  });

  it('a hello in flight learns that its moderator was removed meanwhile', () => {
    const revocation = createRevocation({ conns: [], sender });
    const mark = revocation.beginAuth();
    const grant = {
      session: { userId: 'm', sessionId: 's1' },
      overlayOf: null,
      apiTokenId: null,
      spaces: new Map([['creator:c1', 'moderator']]),
    };
    revocation.closeRemovedModerators('c2', 'm');
    expect(revocation.moderatorRemovedSince(mark, grant)).toBe(false);
    revocation.closeRemovedModerators('c1', 'm');
    expect(revocation.moderatorRemovedSince(mark, grant)).toBe(true);
    // A removal is not a sign-out: the session itself stays valid.
    expect(revocation.revokedSince(mark, grant)).toBe(false);
    revocation.endAuth();
  });

  it('a hello in flight learns of a revocation that arrived after it read its session', () => {
    const revocation = createRevocation({ conns: [], sender });
    const mark = revocation.beginAuth();
    const grant = { session: { userId: 'a', sessionId: 's1' }, overlayOf: 'c1', apiTokenId: null };
    expect(revocation.revokedSince(mark, grant)).toBe(false);
    revocation.closeRevokedSessions('a', 's2');
    expect(revocation.revokedSince(mark, grant)).toBe(false);
    revocation.closeRotatedOverlays('c1');
    expect(revocation.revokedSince(mark, grant)).toBe(true);
    expect(revocation.revokedSince(mark, { ...grant, overlayOf: null })).toBe(false);
    revocation.closeRevokedSessions('a', null);
    expect(revocation.revokedSince(mark, { ...grant, overlayOf: null })).toBe(true);
    const bot = { session: null, overlayOf: null, apiTokenId: 't1' };
    expect(revocation.revokedSince(mark, bot)).toBe(false);
    revocation.closeRevokedApiTokens('t1');
    expect(revocation.revokedSince(mark, bot)).toBe(true);
    revocation.endAuth();
    // With no hello in flight the log is dropped: a later hello starts clean.
    const next = revocation.beginAuth();
    expect(revocation.revokedSince(next, grant)).toBe(false);
  });
});
