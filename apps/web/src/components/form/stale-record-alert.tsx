import { Alert, Button, Group, Stack, Text } from '@mantine/core';

/**
 * A versioned record's save refused with 412 (someone else saved it after the form was opened): the server's words,
 * that nothing was saved, and the button that closes the form and loads the list again (`reloadText`), so Edit
 * opens the current version. The form keeps what was typed until then.
 */
export function StaleRecordAlert({
  message,
  reloadText,
  onReload,
}: {
  message: string;
  reloadText: string;
  onReload: () => void;
}) {
  return (
    <Alert color="yellow" title="Not saved: changed by someone else" role="alert" mt="sm">
      <Stack gap="xs">
        <Text size="sm">{message}</Text>
        <Text size="sm">Your entries stay in this form until you reload.</Text>
        <Group>
          <Button size="xs" variant="default" onClick={onReload}>
            {reloadText}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
