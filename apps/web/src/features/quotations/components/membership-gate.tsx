import { Alert, Anchor, Skeleton, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PageFrame } from '../../../components/page-frame';
import { useMembership } from '../api/membership';

/**
 * The rate enquiry opens once the customer's company membership is approved (issue 28): until then a pending member
 * reads why, and where to see the request, on the screen (`title`) instead of its form.
 */
export function MembershipGate({ title, children }: { title: string; children: ReactNode }) {
  const membership = useMembership();
  if (membership.state === 'open') return children;
  return (
    <PageFrame title={title}>
      {membership.state === 'checking' ? (
        <Skeleton height={160} radius="md" aria-hidden="true" />
      ) : (
        <Pending companyName={membership.companyName} />
      )}
    </PageFrame>
  );
}

function Pending({ companyName }: { companyName: string | null }) {
  return (
    <Alert color="orange" title="Rate enquiries open once your company membership is approved" role="status">
      <Text size="sm">
        Your membership of {companyName ?? 'your company'} is waiting for the carrier’s approval. Prices and
        bookings are made for your company, so the rate enquiry opens as soon as the carrier approves you; you
        will get a notification and an e-mail.
      </Text>
      <Anchor component={Link} to="/app-profile" size="sm">
        See your company request on your profile
      </Anchor>
    </Alert>
  );
}
