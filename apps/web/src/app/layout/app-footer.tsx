import { APP_VERSION, COPYRIGHT_YEAR } from '@lading/contract/app-info';
import { Group, Text } from '@mantine/core';

export function AppFooter() {
  return (
    <Group component="footer" justify="space-between" px="md" py="xs" h="100%">
      <Text size="xs" c="dimmed">
        Version {APP_VERSION}
      </Text>
      <Text size="xs" c="dimmed">
        © {COPYRIGHT_YEAR} Lading. All rights reserved.
      </Text>
    </Group>
  );
}
