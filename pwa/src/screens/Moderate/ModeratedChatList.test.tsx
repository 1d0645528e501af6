// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ModeratedChat } from '../../hooks/useModeration.ts';
import { ModeratedChatList } from './ModeratedChatList.tsx';

afterEach(cleanup);

function chat(id: string, overrides: Partial<ModeratedChat> = {}): ModeratedChat {
  return {
    id,
    creatorId: 'u_1',
    message: `hello from ${id}`,
    name: `Fan ${id}`,
    profilePic: null,
    status: 'unread',
    createdAt: '2026-11-28T08:00:00.000Z',
    updatedAt: '2026-11-28T08:00:00.000Z',
    version: 1,
    pending: false,
    ...overrides,
  };
}

describe("the moderator's chat list", () => {
  it('marks a YouTube Super Sticker with its badge and alt text, never an amount; Show on live works as for a tip', async () => {
    const onPushLive = vi.fn();
    const sticker = chat('yt', {
      name: 'Meera',
      message: '',
      external: {
        platform: 'youtube',
        kind: 'superSticker',
        stickerAltText: 'A cat dancing with a lantern',
      },
    });
    render(
      <ModeratedChatList
        chats={[sticker, chat('tip', { name: 'Rahul' })]}
        busyId={null}
        onPushLive={onPushLive}
        onDelete={() => undefined}
      />,
    );
    const [youtube, shabaash] = screen.getAllByTestId('mod-chat');
    expect(within(youtube!).getByTestId('youtube-badge').textContent).toBe('YouTube Super Sticker');
    expect(youtube!.textContent).not.toMatch(/₹|\$/);
    expect(within(youtube!).getByText('Sticker: A cat dancing with a lantern')).toBeTruthy();
    expect(within(youtube!).queryByText('No message provided')).toBeNull();
    // A Shabaash tip shows no amount to a moderator either.
    expect(shabaash!.textContent).not.toMatch(/₹|\$/);
    await userEvent.click(within(youtube!).getByRole('button', { name: 'Show Meera’s chat on live' }));
    expect(onPushLive).toHaveBeenCalledWith(sticker);
  });
});
