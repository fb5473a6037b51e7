import { Text } from '@mantine/core';
import { PageFrame } from '../../../components/page-frame';

export function DashboardPage() {
  return (
    <PageFrame title="Dashboard">
      <Text c="dimmed">Your shipments at a glance will appear here.</Text>
    </PageFrame>
  );
}
