import { Alert, Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { AnchorLink } from '../../../components/anchor-link';
import { PageFrame } from '../../../components/page-frame';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/permissions';
import { useHsnCodes } from '../../reference-data/api/find-hsn-codes';
import { usePackageTypes } from '../../reference-data/api/find-package-types';
import { useBillOfLading } from '../api/get-bill-of-lading';
import { BillOfLadingForm } from '../components/bill-of-lading-form';
import { BlDocumentActions } from '../components/bl-document-actions';
import { StatusBadge } from '../components/status-badge';

/** bl_view/{id}. Load order (section 4): package types first, then the bill; HS codes in parallel. */
export function BlViewPage({ id }: { id: string }) {
  const can = useCan();
  const billId = Number(id);
  const packageTypes = usePackageTypes();
  const hsCodes = useHsnCodes();
  const bill = useBillOfLading(billId, Number.isInteger(billId) && packageTypes.isSuccess);
  const notFound = !Number.isInteger(billId) || (bill.error instanceof ApiError && bill.error.status === 404);

  return (
    <PageFrame
      title={bill.data ? `Bill Of Lading ${bill.data.number}` : 'Bill Of Lading'}
      actions={
        bill.data && (
          <Group gap="sm" mt={4}>
            <StatusBadge status={bill.data.status} />
            {can('ADMIN.BL_REVIEW.VIEW') && (
              <AnchorLink
                to="/app-dashboard-admin/bl-review/$id"
                params={{ id: String(bill.data.id) }}
                size="sm"
              >
                Review this bill
              </AnchorLink>
            )}
            <BlDocumentActions
              bill={bill.data}
              defaultTo={[bill.data.shipperMailId, bill.data.consigneeMailId].filter((m): m is string =>
                Boolean(m),
              )}
            />
            <Text size="sm" c="dimmed">
              Booking {bill.data.bookingNumber ?? '—'} · {bill.data.polName ?? '—'} ({bill.data.polCode}) →{' '}
              {bill.data.podName ?? '—'} ({bill.data.podCode}) · {bill.data.vesselName ?? '—'}{' '}
              {bill.data.voyageNumber ?? ''}
            </Text>
          </Group>
        )
      }
    >
      {notFound && (
        <Alert color="gray" title="Bill of lading not found">
          It does not exist or your account has no access to it.{' '}
          <Anchor component={Link} to="/app-dashboard/bl-list">
            Back to the list
          </Anchor>
        </Alert>
      )}
      {bill.data && packageTypes.data && (
        <BillOfLadingForm
          bill={bill.data}
          packageTypes={packageTypes.data}
          hsCodes={hsCodes.data ?? []}
          onReload={() => void bill.refetch()}
        />
      )}
      {!bill.data && !notFound && <Badge variant="light">Loading…</Badge>}
    </PageFrame>
  );
}
