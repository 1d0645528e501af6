// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { PayoutStatement } from '@shabaash/shared';
import { CREATOR, overrideHandlers } from '@shabaash/mocks';
import { activateLanguage } from '../../i18n/i18n.tsx';
import { renderWithApp } from '../../test/renderApp.tsx';
import { mockApiForFile, signInFixtureBeforeEach } from '../../test/server.ts';
import { StatementScreen } from './StatementScreen.tsx';

const { server, state } = mockApiForFile();
signInFixtureBeforeEach(CREATOR);
afterEach(() => activateLanguage('en'));

const statement = (tds: number | null): PayoutStatement => ({
  month: '2026-11',
  creator: { handle: 'asha', displayName: 'Asha' },
  totals: {
    grossTipsPaise: 45_000,
    platformFeePaise: 1_180,
    platformFeeGstPaise: 90,
    platformFeeGstBasisPoints: 500,
    netTipsPaise: 43_820,
    tdsWithheldPaise: tds,
    gatewayFeePaise: null,
    gatewayTaxPaise: null,
    reversalsPaise: 0,
    transfersPaidPaise: 41_520,
    takenBackPaise: 0,
    openingBalancePaise: 0,
    closingBalancePaise: 0,
  },
  tips: [],
  transfers: [
    {
      id: 't1',
      razorpayTransferId: 'trf_1',
      amountPaise: 41_520,
      status: 'processed',
      utr: null,
      createdAt: '15/11/2026, 10:00:00 IST',
      tdsPaise: tds,
    },
  ],
  reversals: [],
});

const show = (body: PayoutStatement) => {
  server.use(...overrideHandlers(state, { payoutStatement: () => body }));
  renderWithApp(
    <Routes>
      <Route path="/creator/payouts/statement/:month" element={<StatementScreen />} />
    </Routes>,
    { path: '/creator/payouts/statement/2026-11' },
  );
};

describe('the monthly statement', () => {
  it('shows the GST at the configured rate and the TDS withheld, in total and per transfer', async () => {
    show(statement(2_300));
    expect((await screen.findByText('GST in platform fee (5%)')).nextSibling?.textContent).toBe('₹0.90');
    expect(screen.getByText('TDS withheld (section 194-O)').nextSibling?.textContent).toBe('₹23.00');
    expect(screen.getByRole('columnheader', { name: 'TDS withheld' })).toBeTruthy();
    expect(screen.getAllByRole('cell', { name: '₹23.00' })).toHaveLength(2); // the total and the transfer
  });

  it('shows no TDS line where no TDS is configured, and reads in Hindi', async () => {
    await activateLanguage('hi');
    show(statement(null));
    expect(await screen.findByText('प्लेटफ़ॉर्म फ़ीस में GST (5%)')).toBeTruthy();
    expect(screen.queryByText('काटा गया TDS (धारा 194-O)')).toBeNull();
  });
});
