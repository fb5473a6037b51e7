import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { PageFrame } from '../../../components/page-frame';
import { useSession } from '../../../lib/session';

export function DashboardPage() {
  const user = useSession()?.user;
  return (
    <PageFrame title="Dashboard">
      {user?.companyStatus === 'PENDING' && (
        <Alert color="orange" title="Company membership pending approval">
          Your membership of {user.party_name ?? 'your company'} is waiting for the carrier's approval.{' '}
          <Anchor component={Link} to="/app-profile">
            See your profile
          </Anchor>
        </Alert>
      )}
      <Text c="dimmed">Your shipments at a glance will appear here.</Text>
    </PageFrame>
  );
}
