import { Text } from '@mantine/core';
import { PageFrame } from '../../../components/page-frame';

export function BlListPage() {
  return (
    <PageFrame title="Bills of Lading">
      <Text c="dimmed">Your bills of lading will be listed here.</Text>
    </PageFrame>
  );
}
