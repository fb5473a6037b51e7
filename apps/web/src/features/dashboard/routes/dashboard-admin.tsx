import { Text } from '@mantine/core';
import { PageFrame } from '../../../components/page-frame';

export function AdminDashboardPage() {
  return (
    <PageFrame title="Admin Dashboard">
      <Text c="dimmed">Work queues for carrier staff will appear here.</Text>
    </PageFrame>
  );
}
