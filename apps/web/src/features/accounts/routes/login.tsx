import { Center, Paper, Title } from '@mantine/core';

export function LoginPage() {
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w={400}>
        <Title order={1} size="h2">
          Sign In
        </Title>
      </Paper>
    </Center>
  );
}
