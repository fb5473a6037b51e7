import { DCSA_TRANSPORT_DOCUMENT_STATUS } from '@lading/contract/bill-of-lading-rules';
import { Alert, Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { getRouteApi, Link } from '@tanstack/react-router';
import { PageFrame } from '../../../components/page-frame';
import { QueryStatus } from '../../../components/query-status';
import { formatDateTime } from '../../../lib/format-date-time';
import { useBillOfLadingReview } from '../api/get-bill-of-lading-review';
import { ReviewActions } from '../components/review/review-actions';
import { ReviewComparisonTable } from '../components/review/review-comparison-table';
import { ReviewHistoryList } from '../components/review/review-history-list';

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value || '—'}</Text>
    </Stack>
  );
}

const BackLink = () => (
  <Anchor component={Link} to="/app-dashboard-admin/bl-review" size="sm">
    Back to the review queue
  </Anchor>
);

const route = getRouteApi('/portal/app-dashboard-admin/bl-review/$id');

/** The route's component: the review of the bill in the address. */
export function BlReviewRoute() {
  return <BlReviewPage id={Number(route.useParams().id)} />;
}

/** The carrier's review of one bill: facts, actions, approved vs current side by side, history. */
export function BlReviewPage({ id }: { id: number }) {
  const review = useBillOfLadingReview(id);

  if (review.isPending || review.isError) {
    // The way back shows once the call has failed; while it loads the frame holds only the skeleton.
    return (
      <PageFrame title="Review bill of lading" actions={review.isError ? <BackLink /> : undefined}>
        <QueryStatus
          query={review}
          skeletonHeight={240}
          errorTitle="Could not load the bill"
          errorText="Please try again in a moment."
          notFoundText="There is no bill of lading with this id."
        />
      </PageFrame>
    );
  }

  const { bill, rows, baseline, history } = review.data;
  return (
    <PageFrame title={`Review ${bill.number}`} actions={<BackLink />}>
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Group gap="xs">
              <Text fw={600}>Status</Text>
              <Badge color="#1b2a41" variant="filled" radius="sm">
                {bill.status}
              </Badge>
              <Text size="sm" c="dimmed">
                DCSA: {DCSA_TRANSPORT_DOCUMENT_STATUS[bill.status]} · version {bill.version}
              </Text>
            </Group>
            <ReviewActions bill={bill} onChanged={() => void review.refetch()} />
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
            <Fact label="Shipper" value={bill.shipperName} />
            <Fact label="Consignee" value={bill.consigneeName} />
            <Fact label="POL" value={bill.polCode ? `${bill.polName} (${bill.polCode})` : null} />
            <Fact label="POD" value={bill.podCode ? `${bill.podName} (${bill.podCode})` : null} />
            <Fact label="Vessel / voyage" value={`${bill.vesselName ?? '—'} / ${bill.voyageNumber ?? '—'}`} />
            <Fact label="Last updated" value={formatDateTime(bill.updatedAt)} />
          </SimpleGrid>
          {bill.reviewComment && (
            <Alert color="yellow" title="Returned with comment">
              {bill.reviewComment}
            </Alert>
          )}
        </Stack>
      </Paper>

      <Stack gap="xs" component="section" aria-labelledby="review-changes">
        <Title order={2} size="h4" id="review-changes">
          Changes
        </Title>
        <ReviewComparisonTable rows={rows} baseline={baseline} />
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="review-history">
        <Title order={2} size="h4" id="review-history">
          History
        </Title>
        <ReviewHistoryList entries={history} />
      </Stack>
    </PageFrame>
  );
}
