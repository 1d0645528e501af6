// Zod-free, part of the endpoint table (endpoints.ts spreads it): moderators: the creator's invitations and the moderator's own calls.
import type { EndpointFact } from './endpointFact.ts';

export const MODERATOR_ROWS = {
  creatorModerators: {
    method: 'GET',
    path: '/creator/moderators',
    auth: 'creator',
    summary: 'Your moderators and pending invitations (phones masked).',
  },
  inviteModerator: {
    method: 'POST',
    path: '/creator/moderators',
    auth: 'creator',
    summary: 'Invite a moderator by phone number; they accept after signing in.',
  },
  removeModerator: {
    method: 'DELETE',
    path: '/creator/moderators/:id',
    auth: 'creator',
    summary: 'Remove a moderator or withdraw an invitation; their open sockets close at once.',
  },
  myModeration: {
    method: 'GET',
    path: '/moderation',
    auth: 'user',
    summary: 'Invitations waiting for you and the creators you moderate.',
  },
  acceptModeration: {
    method: 'POST',
    path: '/moderation/invites/:id/accept',
    auth: 'user',
    summary: 'Accept an invitation to moderate a creator.',
  },
  declineModeration: {
    method: 'POST',
    path: '/moderation/invites/:id/decline',
    auth: 'user',
    summary: 'Decline an invitation to moderate a creator.',
  },
  moderatedChats: {
    method: 'GET',
    path: '/moderation/:handle/chats',
    auth: 'moderator',
    summary: "A moderated creator's Chat Loader queue, without amounts or phones.",
  },
  moderateChatStatus: {
    method: 'PATCH',
    path: '/moderation/:handle/chats/:id/status',
    auth: 'moderator',
    summary: 'Push a chat live, or set it unread or ignored, as a moderator.',
  },
  moderateDeleteChat: {
    method: 'DELETE',
    path: '/moderation/:handle/chats/:id',
    auth: 'moderator',
    summary: 'Delete a chat as a moderator.',
  },
  moderateTestAlert: {
    method: 'POST',
    path: '/moderation/:handle/show/test-alert',
    auth: 'moderator',
    summary: "Show a test alert on the creator's overlays.",
  },
  moderateSkipSpeech: {
    method: 'POST',
    path: '/moderation/:handle/show/skip-speech',
    auth: 'moderator',
    summary: 'Stop the speech being read on the overlays.',
  },
  moderateAlerts: {
    method: 'PUT',
    path: '/moderation/:handle/show/alerts',
    auth: 'moderator',
    summary: "Pause or resume the creator's alerts.",
  },
} as const satisfies Record<string, EndpointFact>;
