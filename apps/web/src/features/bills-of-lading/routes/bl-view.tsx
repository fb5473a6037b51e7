import { Text } from '@mantine/core';
import { PageFrame } from '../../../components/page-frame';

export function BlViewPage({ id }: { id: string }) {
  return (
    <PageFrame title="Bill Of Lading">
      <Text c="dimmed">Bill of lading {id}</Text>
    </PageFrame>
  );
}
