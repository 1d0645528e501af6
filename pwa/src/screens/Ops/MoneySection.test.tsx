// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { MESSAGES, type MoneyOverview } from '@shabaash/shared';
import { failWith, overrideHandlers } from '@shabaash/mocks';
import { activateLanguage } from '../../i18n/i18n.tsx';
import { renderWithApp } from '../../test/renderApp.tsx';
import { mockApiForFile, signInOperatorBeforeEach } from '../../test/server.ts';
import { MoneySection } from './MoneySection.tsx';

const mock = mockApiForFile();
const { server, state } = mock;
signInOperatorBeforeEach(mock);
afterEach(() => activateLanguage('en'));

const quietDays = Array.from({ length: 30 }, (_, i) => ({
  day: `2026-11-${String(i + 1).padStart(2, '0')}`,
  walletTipsPaise: 0,
  walletTipCount: 0,
  guestTipsPaise: 0,
  guestTipCount: 0,
  feesPaise: 0,
}));

const overview = (days = quietDays): MoneyOverview => ({
  walletLiabilityPaise: 12_345_678,
  fundedWallets: 1_234,
  earnings: {
    pendingPaise: 50_000,
    availablePaise: 25_000,
    heldPaise: 7_000,
    inTransitPaise: 0,
    paidPaise: 1_000_000,
    reversedPaise: 500,
    debtPaise: 0,
    tdsPaise: 4_400,
  },
  platformFees: { feesPaise: 11_800, gstPaise: 1_800, netPaise: 10_000, gstBasisPoints: 1800 },
  days,
  asOf: '2026-11-30T06:30:00.000Z',
});

const serve = (body: MoneyOverview | null) =>
  server.use(
    ...overrideHandlers(state, { opsMoney: body ? () => body : failWith('INTERNAL', MESSAGES.internal) }),
  );

describe('the money section', () => {
  it('shows the wallet liability, earnings by state, fees with their GST in ₹ (en-IN) and the tips of each day, newest first', async () => {
    const days = quietDays.map((d) =>
      d.day === '2026-11-29'
        ? {
            ...d,
            walletTipsPaise: 150_000,
            walletTipCount: 12,
            guestTipsPaise: 25_000,
            guestTipCount: 2,
            feesPaise: 3_500,
          }
        : d,
    );
    serve(overview(days));
    renderWithApp(<MoneySection />);
    const liability = await screen.findByText("Viewers' wallets");
    expect(liability.parentElement?.textContent).toContain('₹1,23,456.78');
    expect(liability.parentElement?.textContent).toContain('1,234 wallets with a balance');
    expect(
      screen.getByText('Creators: held (no active payout account)').parentElement?.textContent,
    ).toContain('₹70.00');
    expect(screen.getByText('Creators: paid').parentElement?.textContent).toContain('₹10,000.00');
    expect(screen.getByText('GST in fees (18%)').parentElement?.textContent).toContain('₹18.00');
    expect(screen.getByText('Fees after GST').parentElement?.textContent).toContain('₹100.00');
    expect(
      screen.getByText('Creators: TDS withheld (194-O, owed to the government)').parentElement?.textContent,
    ).toContain('₹44.00');
    const table = screen.getByRole('table', { name: 'Tips by day (IST, last 30 days)' });
    const rows = within(table).getAllByTestId('ops-money-day');
    expect(rows).toHaveLength(30);
    expect(rows[0]?.textContent).toContain('30 Nov 2026');
    expect(rows[1]?.textContent).toContain('₹1,500.00 (12)');
    expect(rows[1]?.textContent).toContain('₹250.00 (2)');
  });

  it('says so when there were no tips, and offers a retry when the overview fails to load', async () => {
    serve(overview());
    const { unmount } = renderWithApp(<MoneySection />);
    expect(await screen.findByText('No tips in the last 30 days.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    unmount();

    serve(null);
    renderWithApp(<MoneySection />);
    expect((await screen.findByRole('alert')).textContent).toBe('The money overview could not be loaded.');
    serve(overview());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText("Viewers' wallets")).toBeTruthy();
  });

  it('reads in Hindi', async () => {
    await activateLanguage('hi');
    serve(overview());
    renderWithApp(<MoneySection />);
    expect(screen.getByRole('heading', { name: 'पैसा' })).toBeTruthy();
    expect((await screen.findByText('दर्शकों के वॉलेट')).parentElement?.textContent).toContain('₹1,23,456.78');
  });

  it('downloads the quarter’s Form 26Q and a creator’s Form 16A data, and says so when a download fails', async () => {
    serve(overview());
    const asked: unknown[] = [];
    // The CSV exports answer a file (the resolver's own Response); the Form 16A data refuses an unknown creator.
    server.use(
      ...overrideHandlers(state, {
        opsTds26qCsv: ({ query }) => {
          asked.push(query);
          return new HttpResponse('"Sr. No."', { headers: { 'Content-Type': 'text/csv' } });
        },
        opsTds16aCsv: failWith('NOT_FOUND', 'Creator not found'),
      }),
    );
    renderWithApp(<MoneySection />);
    const user = userEvent.setup();
    await screen.findByText('Tax withheld (section 194-O)');
    await user.selectOptions(screen.getByLabelText('Financial year'), '2025-26');
    await user.selectOptions(screen.getByLabelText('Quarter'), 'Q4 (January–March)');
    await user.click(screen.getByRole('button', { name: 'Download Form 26Q (CSV)' }));
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toEqual({ fy: 2025, quarter: 4 });
    await user.type(screen.getByLabelText('Creator id'), '00000000-0000-4000-8000-000000000000');
    await user.click(screen.getByRole('button', { name: 'Download Form 16A data (CSV)' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The export could not be downloaded. Please try again.',
    );
  });
});
