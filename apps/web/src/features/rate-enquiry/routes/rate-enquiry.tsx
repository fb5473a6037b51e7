import { Text } from '@mantine/core';
import { PageFrame } from '../../../components/page-frame';

export function RateEnquiryPage() {
  return (
    <PageFrame title="Rate Enquiry">
      <Text c="dimmed">Enquire rates between two ports.</Text>
    </PageFrame>
  );
}
