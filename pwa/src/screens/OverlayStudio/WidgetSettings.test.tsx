// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { defaultWidgetSettings } from '@shabaash/shared';
import { CREATOR, fixtureId, insertTip } from '@shabaash/mocks';
import { renderWithApp } from '../../test/renderApp.tsx';
import { mockApiForFile, signInFixtureBeforeEach } from '../../test/server.ts';
import { WidgetSettings } from './WidgetSettings.tsx';

const { server, state } = mockApiForFile();
signInFixtureBeforeEach(CREATOR);

const LOOKS = { overlayTheme: 'neon', font: 'Inter', color: '#112233', sound: 'dhol' };
const creator = () => state.creators.get(CREATOR.user.id)!;
const saves = () => state.calls.get('saveSettings') ?? 0;

/**
 * The creator's saved looks and widget settings under overlay key `ok_secret`, and a live stream whose on-air
 * tips make Priya (₹500 in two tips) and Kiran (₹100) the top supporters.
 */
function serve() {
  Object.assign(creator(), {
    overlayKey: 'ok_secret',
    overlay: { ...LOOKS, widgets: defaultWidgetSettings() },
  });
  const startedAt = new Date(Date.now() - 60 * 60_000);
  state.streams.set(CREATOR.user.id, [
    { id: fixtureId('c', 0x900), startedAt: startedAt.toISOString(), endedAt: null },
  ]);
  state.tips.clear();
  const tip = { creatorId: CREATOR.user.id, sender: null, message: 'gg', status: 'read' as const };
  const at = (minutes: number) => new Date(startedAt.getTime() + minutes * 60_000).toISOString();
  insertTip(state, { ...tip, guestName: 'Priya', amountPaise: 20_000, at: at(1) });
  insertTip(state, { ...tip, guestName: 'Priya', amountPaise: 30_000, at: at(2) });
  insertTip(state, { ...tip, guestName: 'Kiran', amountPaise: 10_000, at: at(3) });
  server.use(
    // The previews' frames (happy-dom loads them): the widget pages themselves are not under test here.
    http.get('*/widgets/:kind', () => HttpResponse.html('<!doctype html><title>widget</title>')),
  );
}

/** Renders the settings, waits for the saved ones to unlock the form, types a goal title and amount; answers the title field. */
async function typeGoal(title: string, amount: string) {
  renderWithApp(<WidgetSettings />);
  const titleField = await screen.findByLabelText('Goal title');
  await vi.waitFor(() => expect(titleField).toHaveProperty('disabled', false));
  await userEvent.type(titleField, title);
  const amountField = screen.getByLabelText('Goal amount (₹)');
  await userEvent.clear(amountField);
  await userEvent.type(amountField, amount);
  return titleField;
}

describe('Overlay Studio: widget settings', () => {
  it('saves the goal, QR caption and top supporters with the looks unchanged (and no show settings)', async () => {
    serve();
    await typeGoal('New mic', '2500');
    await userEvent.type(screen.getByLabelText('Caption under the code'), 'Tip from your phone');
    await userEvent.click(screen.getByLabelText('Show top supporters'));
    await userEvent.selectOptions(screen.getByLabelText('Rank supporters of'), 'week');
    await userEvent.click(screen.getByRole('button', { name: 'Save widget settings' }));
    expect((await screen.findByRole('status')).textContent).toBe('Widget settings saved.');
    expect(saves()).toBe(1);
    expect([creator().overlay]).toEqual([
      {
        ...LOOKS,
        widgets: {
          goal: { title: 'New mic', targetAmount: 2500 },
          qr: { caption: 'Tip from your phone' },
          supporters: { enabled: true, range: 'week' },
        },
      },
    ]);
  });

  it('refuses a goal that is not a whole rupee amount, with nothing sent and nothing lost', async () => {
    serve();
    const title = await typeGoal('Keep me', '12.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save widget settings' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the goal in whole rupees.');
    expect(saves()).toBe(0);
    expect(title).toHaveProperty('value', 'Keep me');
  });

  it('gives each widget its own link with the overlay key, a Copy link button and a live preview', async () => {
    serve();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithApp(<WidgetSettings />);
    const goal = await screen.findByRole('article', { name: 'Goal bar' });
    const link = `${window.location.origin}/widgets/goal?key=ok_secret`;
    expect(within(goal).getByLabelText('Goal bar link')).toHaveProperty('value', link);
    expect(within(goal).getByTitle('Goal bar preview').getAttribute('src')).toBe(link);
    await userEvent.click(within(goal).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(within(goal).getByRole('button', { name: 'Copied!' })).toBeTruthy();
    const supporters = screen.getByRole('article', { name: 'Top supporters' });
    expect(within(supporters).getByLabelText('Top supporters link')).toHaveProperty(
      'value',
      `${window.location.origin}/widgets/supporters?key=ok_secret`,
    );
    expect(supporters.textContent).toContain('Off: the widget shows nothing on stream');
    expect(screen.getByRole('article', { name: 'QR code for the guest page' })).toBeTruthy();
  });

  it('hides one supporter from the widget and shows them again', async () => {
    serve();
    renderWithApp(<WidgetSettings />);
    const onStream = await screen.findByRole('list', { name: 'Top supporters on stream' });
    expect(
      within(onStream)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Priya · ₹500.00Hide', 'Kiran · ₹100.00Hide']);
    await userEvent.click(screen.getByRole('button', { name: 'Hide Kiran from the widget' }));
    expect(await screen.findByText('Supporter hidden from the widget')).toBeTruthy();
    const hidden = screen.getByRole('list', { name: 'Hidden from the widget' });
    expect(within(hidden).getByText('Kiran')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Top supporters on stream' })).queryByText(/Kiran/),
    ).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show Kiran on the widget again' }));
    expect(await screen.findByText('Supporter shown on the widget again')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Hidden from the widget' })).toBeNull();
  });
});
