import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { homePath } from '../lib/permissions';
import { useSession } from '../lib/session';

const LINK_LABELS = {
  '/app-dashboard-admin': 'Go to your dashboard',
  '/app-dashboard': 'Go to your dashboard',
  '/app-profile': 'Go to your profile',
} as const;

/** Shown in place of a screen the user's permissions do not cover; the address stays as the user typed it. */
export function NotPermittedPage() {
  const home = homePath(useSession()?.authData?.permissions);
  useEffect(() => {
    document.title = 'Not permitted · Lading';
  }, []);
  return (
    <Center mih="50vh" p="md">
      <Stack align="center" gap="xs" maw={520} ta="center">
        <Title order={1} size="h2">
          Not permitted
        </Title>
        <Text>Your account has no access to this screen.</Text>
        <Text c="dimmed" size="sm">
          If you need it for your work, please ask your administrator to grant it.
        </Text>
        <Anchor component={Link} to={home}>
          {LINK_LABELS[home]}
        </Anchor>
      </Stack>
    </Center>
  );
}
