import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { PageFrame } from '../../../components/page-frame';
import { useCan } from '../../../lib/permissions';
import { useReviewQueue } from '../../bills-of-lading/api/find-review-queue';
import { ReviewQueueTable } from '../../bills-of-lading/components/review/review-queue-table';
import { CarrierDeskPanel } from '../../carrier-desk/components/carrier-desk-panel';

/**
 * Carrier staff's home: the commercial desk's work lists (quotations to price, bookings to confirm, tariffs; each by
 * its permission) and the bills of lading waiting for review (for holders of ADMIN.BL_REVIEW.VIEW).
 */
export function AdminDashboardPage() {
  return (
    <PageFrame title="Admin Dashboard">
      <CarrierDeskPanel />
      {useCan()('ADMIN.BL_REVIEW.VIEW') && <ReviewQueuePanel />}
    </PageFrame>
  );
}

function ReviewQueuePanel() {
  const queue = useReviewQueue();
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm" component="section" aria-labelledby="review-queue-title">
        <Group justify="space-between">
          <Title order={2} size="h4" id="review-queue-title">
            Bills of lading awaiting review
            {queue.data ? ` (${queue.data.count})` : ''}
          </Title>
          <Button variant="default" size="xs" onClick={() => void queue.refetch()} loading={queue.isFetching}>
            Refresh
          </Button>
        </Group>
        {queue.isPending && <Skeleton height={120} />}
        {queue.isError && (
          <Alert color="red" title="Could not load the review queue">
            Please try again in a moment.
          </Alert>
        )}
        {queue.data && queue.data.results.length === 0 && (
          <Text c="dimmed">Nothing to review: no bill of lading is waiting for approval.</Text>
        )}
        {queue.data && queue.data.results.length > 0 && <ReviewQueueTable items={queue.data.results} />}
      </Stack>
    </Paper>
  );
}
