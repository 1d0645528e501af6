// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OfflineIndicator } from './OfflineIndicator.tsx';
import { clearMirror, db } from '../sync/db.ts';

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(async () => {
  cleanup();
  setOnline(true);
  await clearMirror();
});

describe('OfflineIndicator', () => {
  it('announces offline mode in a live region with the number of queued changes, and hides when back online', async () => {
    await db.outbox.add({
      kind: 'deleteChat',
      payload: { tipId: 't1' },
      idempotencyKey: 'k1',
      owner: 'u1',
      createdAt: new Date().toISOString(),
      attempts: 0,
      lastError: null,
      nextAttemptAt: 0,
      targetId: 't1',
    });
    render(<OfflineIndicator />);
    expect(screen.queryByTestId('offline-indicator')).toBeNull();
    act(() => setOnline(false));
    const bar = await screen.findByTestId('offline-indicator');
    await waitFor(() =>
      expect(bar.textContent).toBe(
        'You are offline. Showing saved data; balances may be out of date. 1 change will sync when you are back online.',
      ),
    );
    expect(bar.closest('[aria-live="polite"]')).not.toBeNull();
    act(() => setOnline(true));
    await waitFor(() => expect(screen.queryByTestId('offline-indicator')).toBeNull());
  });

  it('shows a refused replay as an alert that can be dismissed', async () => {
    await db.notices.add({
      kind: 'sendTip',
      message: 'Failed to send tip: not charged.',
      createdAt: new Date().toISOString(),
    });
    render(<OfflineIndicator />);
    expect(await screen.findByText('Failed to send tip: not charged.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText('Failed to send tip: not charged.')).toBeNull());
    expect(await db.notices.count()).toBe(0);
  });
});
