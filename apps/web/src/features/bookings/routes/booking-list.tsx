import { Text } from '@mantine/core';
import { PageFrame } from '../../../components/page-frame';

export function BookingListPage() {
  return (
    <PageFrame title="Bookings">
      <Text c="dimmed">Your bookings will be listed here.</Text>
    </PageFrame>
  );
}
