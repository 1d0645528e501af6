// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { defaultWidgetSettings, type OverlaySettings } from '@shabaash/shared';
import { buildUser, renderWithApp } from '../../test/renderApp.tsx';
import { mswServerForFile, signInBeforeEach } from '../../test/server.ts';
import { WidgetSettings } from './WidgetSettings.tsx';

const server = mswServerForFile();
const creator = buildUser({ role: 'creator', creator: { handle: 'asha', displayName: 'Asha Live' } });
signInBeforeEach(server, creator);

const LOOKS = { overlayTheme: 'neon', font: 'Inter', color: '#112233', sound: 'dhol' };

/** The creator's supporters as GET /creator/supporters answers them; POST/DELETE …/hidden hide and show. */
const supporters = {
  all: [
    { key: 'u:1', name: 'Priya', amount: 500, amountPaise: 50_000, count: 2 },
    { key: 'g:kiran', name: 'Kiran', amount: 100, amountPaise: 10_000, count: 1 },
  ],
  hiddenKeys: [] as string[],
  lists() {
    return {
      supporters: this.all.filter((s) => !this.hiddenKeys.includes(s.key)),
      hidden: this.all
        .filter((s) => this.hiddenKeys.includes(s.key))
        .map((s) => ({ id: `h-${s.key}`, name: s.name, createdAt: '2026-11-27T10:00:00.000Z' })),
    };
  },
};

/** GET /creator/overlay with saved widget settings; PUT /creator/settings records what it got. */
function serve() {
  const puts: OverlaySettings[] = [];
  let widgets = defaultWidgetSettings();
  server.use(
    http.get('*/api/creator/overlay', () =>
      HttpResponse.json({
        ...LOOKS,
        widgets,
        handle: 'asha',
        displayName: 'Asha Live',
        overlayKey: 'ok_secret',
      }),
    ),
    // The previews' frames (happy-dom loads them): the widget pages themselves are not under test here.
    http.get('*/widgets/:kind', () => HttpResponse.html('<!doctype html><title>widget</title>')),
    http.get('*/api/creator/supporters', () => HttpResponse.json(supporters.lists())),
    http.post('*/api/creator/supporters/hidden', async ({ request }) => {
      const { key } = (await request.json()) as { key: string };
      supporters.hiddenKeys.push(key);
      return HttpResponse.json(supporters.lists());
    }),
    http.delete('*/api/creator/supporters/hidden/:id', ({ params }) => {
      supporters.hiddenKeys = supporters.hiddenKeys.filter((key) => `h-${key}` !== params.id);
      return HttpResponse.json(supporters.lists());
    }),
    http.put('*/api/creator/settings', async ({ request }) => {
      const body = (await request.json()) as OverlaySettings;
      puts.push(body);
      widgets = body.widgets ?? widgets;
      return HttpResponse.json({ ...LOOKS, widgets });
    }),
  );
  return puts;
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
    const puts = serve();
    await typeGoal('New mic', '2500');
    await userEvent.type(screen.getByLabelText('Caption under the code'), 'Tip from your phone');
    await userEvent.click(screen.getByLabelText('Show top supporters'));
    await userEvent.selectOptions(screen.getByLabelText('Rank supporters of'), 'week');
    await userEvent.click(screen.getByRole('button', { name: 'Save widget settings' }));
    expect((await screen.findByRole('status')).textContent).toBe('Widget settings saved.');
    expect(puts).toEqual([
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
    const puts = serve();
    const title = await typeGoal('Keep me', '12.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save widget settings' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the goal in whole rupees.');
    expect(puts).toEqual([]);
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
    supporters.hiddenKeys = [];
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
