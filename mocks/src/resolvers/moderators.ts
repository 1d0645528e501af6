import { MESSAGES } from '@shabaash/shared';
import { fail, requireUser, type MockResolvers } from '../context.ts';

/** Mock mode has no moderators: lists are empty, invitations are refused and moderator calls are forbidden. */
const forbidden = (): never => {
  throw fail('FORBIDDEN', MESSAGES.forbiddenModerator);
};
const noInvite = (): never => {
  throw fail('NOT_FOUND', 'Invitation not found.');
};

export const moderatorResolvers = {
  creatorModerators: () => ({ moderators: [] }),
  inviteModerator: (): never => {
    throw fail('FORBIDDEN', MESSAGES.forbiddenModerator);
  },
  removeModerator: (): never => {
    throw fail('NOT_FOUND', 'Moderator not found.');
  },
  myModeration: (ctx) => {
    requireUser(ctx);
    return { invites: [], creators: [] };
  },
  acceptModeration: noInvite,
  declineModeration: noInvite,
  moderatedChats: forbidden,
  moderateChatStatus: forbidden,
  moderateDeleteChat: forbidden,
  moderateTestAlert: forbidden,
  moderateSkipSpeech: forbidden,
  moderateAlerts: forbidden,
} satisfies Partial<MockResolvers>;
