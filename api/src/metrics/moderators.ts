import { Counter } from 'prom-client';
import { registry } from './registry.ts';

const moderatorActions = new Counter({
  name: 'shabaash_moderator_actions_total',
  help: 'What creators’ moderators did and what creators did about them: invite, accept, decline, remove, chat.read, chat.delete, show.test, show.pause… Each is also a row of moderator_actions.',
  labelNames: ['action'] as const,
  registers: [registry],
});

/** Counts one moderator action (after its log row committed). */
export function countModeratorAction(action: string): void {
  moderatorActions.inc({ action });
}
