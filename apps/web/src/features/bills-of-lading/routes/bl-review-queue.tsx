import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { AnchorLink } from '../../../components/anchor-link';
import { PageFrame } from '../../../components/page-frame';
import { QueryStatus } from '../../../components/query-status';
import { useReviewQueue } from '../api/find-review-queue';
import { ReviewQueueTable } from '../components/review/review-queue-table';

/**
 * /app-dashboard-admin/bl-review: the carrier's BL review work list (bills in UPDATE PENDING of the office), the
 * longest-waiting first; the admin dashboard's BL_REVIEW queue opens it.
 */
export function BlReviewQueuePage() {
  const queue = useReviewQueue();
  return (
    <PageFrame
      title="Bills of lading to review"
      actions={
        <AnchorLink to="/app-dashboard-admin" size="sm">
          Back to the dashboard
        </AnchorLink>
      }
    >
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={600} id="review-queue-count">
              {queue.data ? `${queue.data.count} awaiting review` : ''}
            </Text>
            <Button
              variant="default"
              size="xs"
              onClick={() => void queue.refetch()}
              loading={queue.isFetching}
            >
              Refresh
            </Button>
          </Group>
          <QueryStatus
            query={queue}
            skeletonHeight={120}
            errorTitle="Could not load the review queue"
            errorText="Please try again in a moment."
          />
          {queue.data && queue.data.results.length === 0 && (
            <Text c="dimmed">Nothing to review: no bill of lading is waiting for approval.</Text>
          )}
          {queue.data && queue.data.results.length > 0 && <ReviewQueueTable items={queue.data.results} />}
        </Stack>
      </Paper>
    </PageFrame>
  );
}
