import { Text } from '@mantine/core';
import { PageFrame } from '../../../components/page-frame';

export function QuotationListPage() {
  return (
    <PageFrame title="Quotation List">
      <Text c="dimmed">Your quotations will be listed here.</Text>
    </PageFrame>
  );
}
