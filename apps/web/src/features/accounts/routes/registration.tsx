import { Center, Paper, Title } from '@mantine/core';

export function RegistrationPage() {
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w={440}>
        <Title order={1} size="h2">
          Sign Up
        </Title>
      </Paper>
    </Center>
  );
}
