import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { AnchorLink } from '../../../components/anchor-link';
import { useCan } from '../../../lib/permissions';
import { useBookingsToConfirm } from '../api/find-bookings-to-confirm';
import { useQuotationsToPrice } from '../api/find-quotations-to-price';

function QuotationsToPriceLink() {
  const list = useQuotationsToPrice();
  return (
    <Stack gap={2}>
      <AnchorLink to="/app-dashboard-admin/quotations-to-price" fw={600}>
        Quotations to price{list.data ? ` (${list.data.count})` : ''}
      </AnchorLink>
      <Text size="sm" c="dimmed">
        Enquiries no tariff could price
      </Text>
    </Stack>
  );
}

function BookingsToConfirmLink() {
  const list = useBookingsToConfirm();
  return (
    <Stack gap={2}>
      <AnchorLink to="/app-dashboard-admin/bookings-to-confirm" fw={600}>
        Bookings to confirm{list.data ? ` (${list.data.count})` : ''}
      </AnchorLink>
      <Text size="sm" c="dimmed">
        Allocate a sailing and containers, or reject
      </Text>
    </Stack>
  );
}

/** The admin dashboard's entry to the carrier's desk: each work list shown only to holders of its VIEW permission. */
export function CarrierDeskPanel() {
  const can = useCan();
  const quotations = can('ADMIN.QUOTATION.VIEW');
  const bookings = can('ADMIN.BOOKING.VIEW');
  const tariffs = can('ADMIN.TARIFF.VIEW');
  if (!quotations && !bookings && !tariffs) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="carrier-desk-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="carrier-desk-title">
          Commercial desk
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {quotations && <QuotationsToPriceLink />}
          {bookings && <BookingsToConfirmLink />}
          {tariffs && (
            <Stack gap={2}>
              <AnchorLink to="/app-dashboard-admin/tariffs" fw={600}>
                Tariffs
              </AnchorLink>
              <Text size="sm" c="dimmed">
                Rates by lane and size-type{can('ADMIN.TARIFF.EDIT') ? '' : ' (view only)'}
              </Text>
            </Stack>
          )}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
