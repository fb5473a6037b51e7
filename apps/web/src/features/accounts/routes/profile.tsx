import { Text } from '@mantine/core';
import { PageFrame } from '../../../components/page-frame';

export function ProfilePage() {
  return (
    <PageFrame title="My Profile">
      <Text c="dimmed">Your profile and company details.</Text>
    </PageFrame>
  );
}
