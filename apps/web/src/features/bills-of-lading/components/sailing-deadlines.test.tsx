import type { PermissionSet } from '@lading/contract/access';
import type { BlStatus } from '@lading/contract/bills-of-lading';
import type { BillDeadlines } from '@lading/contract/shipments';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setSession } from '../../../lib/session';
import { CUSTOMER_PERMISSIONS, STAFF_PERMISSIONS, sessionWith } from '../../../test/permission-sets';
import { billDeadlinesQuery } from '../api/get-bill-deadlines';
import { SailingDeadlines } from './sailing-deadlines';

const HOUR = 3_600_000;
/** A sailing whose documentation cut-off passed an hour ago, with no late acceptance, not yet departed. */
const overdue: BillDeadlines = {
  sailing: {
    voyageId: 1,
    vesselName: 'LADING STRAITS',
    carrierVoyageNumber: '2651E',
    port: { id: 1, code: 'INMUN', name: 'Mundra', timeZone: 'Asia/Kolkata' },
    etd: new Date(Date.now() + 48 * HOUR).toISOString(),
    departed: false,
    deadlines: [
      { cutOff: 'DCO', at: new Date(Date.now() - HOUR).toISOString(), lateUntil: null },
      { cutOff: 'VCO', at: new Date(Date.now() + 12 * HOUR).toISOString(), lateUntil: null },
    ],
  },
};

function renderBanner(status: BlStatus, permissions: PermissionSet) {
  setSession(sessionWith(permissions));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(billDeadlinesQuery(18).queryKey, overdue);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <SailingDeadlines billId={18} status={status} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return screen.getByRole('alert').textContent ?? '';
}

describe('the SI deadline passed, as the bill edit screen says it', () => {
  afterEach(() => setSession(null));

  it('tells the customer of a draft that it cannot be submitted and whom to ask', () => {
    const text = renderBanner('DRAFT', CUSTOMER_PERMISSIONS);
    expect(text).toContain(
      'so this bill cannot be submitted. Please contact the carrier: they can accept it late.',
    );
  });

  it('speaks of changes on an approved bill, which the customer can still edit until it is issued', () => {
    const text = renderBanner('APPROVED', CUSTOMER_PERMISSIONS);
    expect(text).toContain(
      'so changes to this approved bill cannot be submitted. Please contact the carrier',
    );
    expect(text).not.toContain('so this bill cannot be submitted');
  });

  it('does not ask carrier staff to contact the carrier', () => {
    const text = renderBanner('UPDATE PENDING', STAFF_PERMISSIONS);
    expect(text).toContain('so the customer cannot submit this bill unless the carrier accepts it late.');
    expect(text).not.toContain('Please contact the carrier');
  });
});
