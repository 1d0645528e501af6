// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type OpsPerson } from '@shabaash/shared';
import { MockHttpError, failWith, overrideHandlers } from '@shabaash/mocks';
import { renderWithApp } from '../../test/renderApp.tsx';
import { mockApiForFile, signInOperatorBeforeEach } from '../../test/server.ts';
import { PeopleSection } from './PeopleSection.tsx';

const mock = mockApiForFile();
const { server, state } = mock;
signInOperatorBeforeEach(mock);

const CREATOR_ID = '11111111-1111-4111-8111-111111111111';
function person(overrides: Partial<OpsPerson> = {}): OpsPerson {
  return {
    id: CREATOR_ID,
    name: 'Asha Live',
    role: 'creator',
    maskedPhone: '••••••3210',
    creator: { handle: 'asha', displayName: 'Asha Live' },
    suspendedAt: null,
    suspensionReason: null,
    bannedAt: null,
    banReason: null,
    deleted: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

async function open(id: string) {
  const user = userEvent.setup();
  renderWithApp(<PeopleSection />);
  await user.type(screen.getByLabelText('User id'), id);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return user;
}

describe('PeopleSection', () => {
  it('suspends a creator with a reason, then offers to lift it; a short reason is refused before sending', async () => {
    const sent: unknown[] = [];
    server.use(
      ...overrideHandlers(state, {
        opsPerson: () => ({ person: person() }),
        opsSuspendCreator: ({ input, params }) => {
          sent.push({ id: params.id, ...input });
          return {
            person: person({ suspendedAt: '2026-11-27T10:00:00.000Z', suspensionReason: 'Chargeback fraud' }),
          };
        },
      }),
    );
    const user = await open(CREATOR_ID);
    expect(await screen.findByRole('heading', { name: 'Asha Live' })).toBeDefined();
    expect(screen.getByText('••••••3210')).toBeDefined();
    expect(screen.getByTestId('person-state').textContent).toBe('No restrictions.');

    const reason = screen.getByLabelText('Reason (required, kept in the audit log)');
    await user.type(reason, 'bad');
    await user.click(screen.getByRole('button', { name: 'Suspend creator' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Give a reason of at least 5 characters.');
    expect(sent).toEqual([]);

    await user.clear(reason);
    await user.type(reason, 'Chargeback fraud');
    await user.click(screen.getByRole('button', { name: 'Suspend creator' }));
    await waitFor(() => expect(screen.getByTestId('person-state').textContent).toContain('Chargeback fraud'));
    expect(sent).toEqual([{ id: CREATOR_ID, reason: 'Chargeback fraud' }]);
    expect(screen.getByRole('button', { name: 'Lift suspension' })).toBeDefined();
  });

  it('offers a ban for a viewer and shows the server’s refusal', async () => {
    const viewer = person({ role: 'viewer', creator: null, name: 'Ravi' });
    server.use(
      ...overrideHandlers(state, {
        opsPerson: () => ({ person: viewer }),
        opsBanUser: failWith('CONFLICT', MESSAGES.alreadyBanned),
      }),
    );
    const user = await open(CREATOR_ID);
    await user.type(
      await screen.findByLabelText('Reason (required, kept in the audit log)'),
      'Threats in chat',
    );
    await user.click(screen.getByRole('button', { name: 'Ban viewer' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.alreadyBanned);
  });

  it('offers nothing for an operator, and says so when the id is unknown', async () => {
    server.use(
      ...overrideHandlers(state, {
        opsPerson: ({ params }) => {
          if (params.id !== CREATOR_ID) throw new MockHttpError('NOT_FOUND', 'User not found.');
          return { person: person({ role: 'operator', creator: null }) };
        },
      }),
    );
    const user = await open(CREATOR_ID);
    expect(await screen.findByText('Operators cannot be restricted here.')).toBeDefined();
    expect(screen.queryByRole('button', { name: /Ban|Suspend/ })).toBeNull();
    await user.clear(screen.getByLabelText('User id'));
    await user.type(screen.getByLabelText('User id'), 'unknown');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect((await screen.findByRole('alert')).textContent).toBe('User not found.');
  });
});
