import { counterBy } from './registry.ts';

/** Counts one moderator action (after its log row committed). */
export const countModeratorAction = counterBy<string>(
  'shabaash_moderator_actions_total',
  'What creators’ moderators did and what creators did about them: invite, accept, decline, remove, chat.read, chat.delete, show.test, show.pause… Each is also a row of moderator_actions.',
  'action',
);
