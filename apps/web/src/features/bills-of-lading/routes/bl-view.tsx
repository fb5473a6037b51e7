import { Anchor, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Suspense, startTransition, useDeferredValue, useEffect, useState } from 'react';
import { AnchorLink } from '../../../components/anchor-link';
import { PageFrame } from '../../../components/page-frame';
import { PlainAlert } from '../../../components/plain-alert';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/permissions';
import { useHsnCodes } from '../../../lib/reference-data/find-hsn-codes';
import { usePackageTypes } from '../../../lib/reference-data/find-package-types';
import { useBillDeadlines } from '../api/get-bill-deadlines';
import { useBillOfLading } from '../api/get-bill-of-lading';
import { BillOfLadingForm } from '../components/bill-of-lading-form';
import { BlDocumentActions } from '../components/bl-document-actions';
import { SailingDeadlines } from '../components/deadlines-on-demand';
import { StatusBadge } from '../components/status-badge';

const route = getRouteApi('/portal/bl_view/$id');

/** The route's component: the page for the bill in the address. */
export function BlViewRoute() {
  return <BlViewPage id={route.useParams().id} />;
}

/** bl_view/{id}. Load order (section 4): package types first, then the bill; HS codes in parallel. */
export function BlViewPage({ id }: { id: string }) {
  const can = useCan();
  const billId = Number(id);
  const packageTypes = usePackageTypes();
  const hsCodes = useHsnCodes();
  const bill = useBillOfLading(billId, Number.isInteger(billId) && packageTypes.isSuccess);
  // The banner above the form needs its own call (started with the bill's, lib/early-calls.ts). Usually in first, it
  // sometimes came after the form had been drawn and pushed it down (CLS 0.124 in 2 of 5 Lighthouse runs, figure 7):
  // the form waits until that call has answered, with the deadlines or an error.
  const deadlines = useBillDeadlines(billId, Number.isInteger(billId));
  // The query's answer comes in a synchronous update (useSyncExternalStore), which rendered the header, its actions
  // and the sailing's deadlines in one task of 18–25 ms of CPU (Lighthouse's total blocking time, figure 7). The page
  // shows a deferred copy of the bill: React renders it in slices that yield to the browser, then paints the header
  // (the deadlines banner's title is the page's largest text, Lighthouse's LCP). The form follows in a transition of
  // its own once that is on screen, so the header's paint does not wait for the form's first sections.
  const shownBill = useDeferredValue(bill.data);
  const [formBill, setFormBill] = useState(shownBill);
  useEffect(() => {
    startTransition(() => setFormBill(shownBill));
  }, [shownBill]);
  const waitingForDeadlines = useSlowWait(Boolean(shownBill) && deadlines.isPending);
  const notFound = !Number.isInteger(billId) || (bill.error instanceof ApiError && bill.error.status === 404);
  // Section 8: a failed call only releases the overlay (no toast); the page offers to try again instead of
  // "Loading…" for ever. Package types load first (section 4), so their failure stops the bill too.
  const failed = !notFound && (packageTypes.isError || bill.isError);
  const retry = () => {
    if (packageTypes.isError) void packageTypes.refetch();
    if (bill.isError) void bill.refetch();
    if (hsCodes.isError) void hsCodes.refetch();
  };

  return (
    <PageFrame
      title={shownBill ? `Bill Of Lading ${shownBill.number}` : 'Bill Of Lading'}
      actions={
        shownBill && (
          <Group gap="sm" mt={4}>
            <StatusBadge status={shownBill.status} />
            {can('ADMIN.BL_REVIEW.VIEW') && (
              <AnchorLink
                to="/app-dashboard-admin/bl-review/$id"
                params={{ id: String(shownBill.id) }}
                size="sm"
              >
                Review this bill
              </AnchorLink>
            )}
            <BlDocumentActions
              bill={shownBill}
              defaultTo={[shownBill.shipperMailId, shownBill.consigneeMailId].filter((m): m is string =>
                Boolean(m),
              )}
            />
            <Text size="sm" c="dimmed">
              Booking{' '}
              {shownBill.bookingId !== null ? (
                <AnchorLink
                  to="/app-dashboard/app-shipment/$bookingId"
                  params={{ bookingId: String(shownBill.bookingId) }}
                  size="sm"
                  aria-label={`Shipment ${shownBill.bookingNumber ?? ''}`.trim()}
                >
                  {shownBill.bookingNumber ?? 'shipment'}
                </AnchorLink>
              ) : (
                '—'
              )}{' '}
              · {shownBill.polName ?? '—'} ({shownBill.polCode}) → {shownBill.podName ?? '—'} (
              {shownBill.podCode}) · {shownBill.vesselName ?? '—'} {shownBill.voyageNumber ?? ''}
            </Text>
          </Group>
        )
      }
    >
      {notFound && (
        <PlainAlert color="gray" title="Bill of lading not found">
          It does not exist or your account has no access to it.{' '}
          <Anchor component={Link} to="/app-dashboard/bl-list">
            Back to the list
          </Anchor>
        </PlainAlert>
      )}
      {/* The sailing's SI and VGM deadlines above the form (their own chunk and call: components/deadlines-on-demand). */}
      {shownBill && (
        <Suspense fallback={null}>
          <SailingDeadlines billId={shownBill.id} status={shownBill.status} />
        </Suspense>
      )}
      {formBill && packageTypes.data && !deadlines.isPending && (
        <BillOfLadingForm
          bill={formBill}
          packageTypes={packageTypes.data}
          hsCodes={hsCodes.data ?? []}
          onReload={() => void bill.refetch()}
        />
      )}
      {failed && (
        <Center mih="30vh">
          <Stack align="center" gap="xs" maw={420} ta="center" data-testid="bl-load-failed">
            <Title order={2} size="h4">
              The bill of lading could not be loaded
            </Title>
            <Text size="sm" c="dimmed">
              The connection or the server did not answer. Your data is safe; please try again.
            </Text>
            <Group gap="sm" mt="xs">
              <Button onClick={retry} loading={packageTypes.isFetching || bill.isFetching}>
                Retry
              </Button>
              <Anchor component={Link} to="/app-dashboard/bl-list" size="sm">
                Back to the list
              </Anchor>
            </Group>
          </Stack>
        </Center>
      )}
      {/* Until the form is there, the space below the header fills the screen: the footer starts below the fold and
          nothing visible moves when the form arrives (Lighthouse's CLS, figure 7). The loader shows until the bill
          arrives; then the header is on screen, and the empty space waits for the form without moving a loader. When
          the form still waits for the deadlines' call after a moment, a loader says so again: the page under the
          header looked finished and empty for as long as that call took. It goes in the commit that draws the banner
          above it, so it never moves either. */}
      {(!formBill || deadlines.isPending) && !notFound && !failed && (
        <Center mih="100dvh" style={{ alignItems: 'flex-start', paddingTop: '20vh' }}>
          {(!shownBill || waitingForDeadlines) && <Loader aria-label="Loading the bill of lading" />}
        </Center>
      )}
    </PageFrame>
  );
}

/** How long the form may wait for the deadlines' call, once the bill is in, before a loader says it is coming. */
export const DEADLINES_PATIENCE_MS = 500;

/** True once `waiting` has held for DEADLINES_PATIENCE_MS, and false as soon as it ends. */
function useSlowWait(waiting: boolean): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!waiting) {
      setSlow(false);
      return;
    }
    const timer = setTimeout(() => setSlow(true), DEADLINES_PATIENCE_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
  return waiting && slow;
}
