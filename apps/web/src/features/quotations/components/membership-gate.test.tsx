import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession, type Session, setSession } from '../../../lib/session';
import { renderRouted } from '../../../test/render-routed';
import { MembershipGate } from './membership-gate';

const user = (companyStatus: 'PENDING' | 'APPROVED' | null): Session['user'] => ({
  id: 41,
  is_admin: false,
  email: 'meera@example.com',
  first_name: 'Meera',
  last_name: 'Tester',
  username: 'meera@example.com',
  party: 7,
  party_name: 'Tester Exports',
  party_code: companyStatus === 'APPROVED' ? 'TEX' : null,
  companyStatus,
});

function renderGate(companyStatus: 'PENDING' | 'APPROVED' | null) {
  setSession({ accessToken: 'token', user: user(companyStatus) });
  renderRouted(() => (
    <MembershipGate title="Rate Enquiry">
      <form aria-label="Rate enquiry form" />
    </MembershipGate>
  ));
}

const answer = (companyStatus: 'PENDING' | 'APPROVED') =>
  vi.fn(
    async (_url: string | URL) =>
      new Response(JSON.stringify(user(companyStatus)), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );

describe('MembershipGate (issue 28: a pending member sees why the rate enquiry is not open)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setSession(null);
  });

  it('shows a pending member why, and where to look, instead of the form', async () => {
    const fetchMock = answer('PENDING');
    vi.stubGlobal('fetch', fetchMock);
    renderGate('PENDING');
    expect(
      await screen.findByText('Rate enquiries open once your company membership is approved'),
    ).toBeTruthy();
    expect(
      screen.getByText(/Your membership of Tester Exports is waiting for the carrier’s approval/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: /company request on your profile/ }).getAttribute('href')).toBe(
      '/app-profile',
    );
    expect(screen.queryByRole('form', { name: 'Rate enquiry form' })).toBeNull();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/authenticate/oauth/users/41');
  });

  it('opens the form once the server says the membership was approved since, and keeps that in the session', async () => {
    vi.stubGlobal('fetch', answer('APPROVED'));
    renderGate('PENDING');
    expect(await screen.findByRole('form', { name: 'Rate enquiry form' })).toBeTruthy();
    await waitFor(() => expect(getSession()?.user.companyStatus).toBe('APPROVED'));
  });

  it('shows an approved member the form without asking the server', async () => {
    const fetchMock = answer('APPROVED');
    vi.stubGlobal('fetch', fetchMock);
    renderGate('APPROVED');
    expect(await screen.findByRole('form', { name: 'Rate enquiry form' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
