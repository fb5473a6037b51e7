import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';

/** A signed-in screen failed (e.g. the account's permissions could not be loaded): say so, offer a retry. */
export function PortalErrorPage() {
  const router = useRouter();
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="xs" role="alert">
        <Title order={1} size="h2">
          Something went wrong
        </Title>
        <Text>This screen could not be loaded. Please check your connection and try again.</Text>
        <Button onClick={() => void router.invalidate()}>Try again</Button>
      </Stack>
    </Center>
  );
}
