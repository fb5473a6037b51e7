import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function NotFoundPage() {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="xs">
        <Title order={1}>Page not found</Title>
        <Text c="dimmed">The page you asked for does not exist or has moved.</Text>
        <Anchor component={Link} to="/">
          Go to the start page
        </Anchor>
      </Stack>
    </Center>
  );
}
