import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useEffect } from 'react';

/** The centred card of the signed-out screens (login, sign-up, password reset). */
export function AuthCard({
  title,
  subtitle,
  children,
  width = 420,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  width?: number;
}) {
  useEffect(() => {
    document.title = `${title} · Lading`;
  }, [title]);
  return (
    <Center component="main" mih="100vh" p="md" bg="var(--mantine-color-lading-0)">
      <Paper withBorder shadow="sm" p="xl" w={width} maw="100%" radius="md">
        <Stack gap="md">
          <Stack gap={4}>
            <Text fw={800} c="lading.9" size="lg">
              Lading
            </Text>
            <Title order={1} size="h2">
              {title}
            </Title>
            {subtitle && (
              <Text size="sm" c="dimmed">
                {subtitle}
              </Text>
            )}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
