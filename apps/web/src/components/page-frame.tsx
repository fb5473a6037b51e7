import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useEffect } from 'react';

/** A screen's frame: its title (also the document title) and its content. */
export function PageFrame({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} · Lading`;
  }, [title]);
  return (
    <Stack gap="md" maw={1400} mx="auto">
      <Stack gap={0}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {actions}
      </Stack>
      {children}
    </Stack>
  );
}
