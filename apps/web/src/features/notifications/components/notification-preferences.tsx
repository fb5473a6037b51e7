import type { NotificationKind, NotificationPreferences } from '@lading/contract/notifications';
import { Alert, Button, Group, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import {
  useNotificationPreferences,
  useUpdateNotificationPreferences,
} from '../api/notification-preferences';
import classes from './notification-preferences.module.css';

type Preference = NotificationPreferences['results'][number];
type Values = Partial<Record<NotificationKind, boolean>>;

/** The record a kind is about, by its prefix; the headings of the groups, in the order shown. */
const GROUPS = [
  { prefix: 'BL_', title: 'Bills of lading' },
  { prefix: 'QUOTATION_', title: 'Quotations' },
  { prefix: 'BOOKING_', title: 'Bookings' },
  { prefix: 'COMPANY_', title: 'Company membership' },
] as const;

/** The caller's kinds (as the API gives them, in its order) grouped by record; a group with none is left out. */
function groupPreferences(results: Preference[]): { title: string; items: Preference[] }[] {
  const groups = GROUPS.map((g) => ({
    title: g.title,
    items: results.filter((p) => p.kind.startsWith(g.prefix)),
  }));
  const known = new Set(groups.flatMap((g) => g.items));
  const other = results.filter((p) => !known.has(p));
  return [...groups, { title: 'Other', items: other }].filter((g) => g.items.length > 0);
}

const valuesOf = (results: Preference[]): Values => Object.fromEntries(results.map((p) => [p.kind, p.email]));

function PreferencesForm({ preferences }: { preferences: Preference[] }) {
  const update = useUpdateNotificationPreferences();
  const { control, handleSubmit, reset, formState } = useForm<Values>({
    defaultValues: valuesOf(preferences),
  });

  const onSubmit = async (values: Values) => {
    try {
      const saved = await update.mutateAsync({
        preferences: preferences.map((p) => ({ kind: p.kind, email: values[p.kind] ?? p.email })),
      });
      reset(valuesOf(saved.results));
      toast.success('E-mail preferences saved');
    } catch (error) {
      toast.error(
        `E-mail preferences not saved: ${error instanceof ApiError ? error.message : 'please try again.'}`,
      );
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="E-mail copies of notifications">
      <Stack gap="md">
        {groupPreferences(preferences).map((group) => (
          <fieldset key={group.title} className={classes.group}>
            <legend className={classes.legend}>{group.title}</legend>
            <Stack gap="xs">
              {group.items.map((p) => (
                <Controller
                  key={p.kind}
                  control={control}
                  name={p.kind}
                  render={({ field }) => (
                    <Switch
                      label={p.label}
                      name={field.name}
                      checked={Boolean(field.value)}
                      onChange={(event) => field.onChange(event.currentTarget.checked)}
                      onBlur={field.onBlur}
                      ref={field.ref}
                      classNames={{ body: classes.switchBody }}
                    />
                  )}
                />
              ))}
            </Stack>
          </fieldset>
        ))}
        <Group justify="flex-end">
          <Button
            type="submit"
            variant="light"
            disabled={!formState.isDirty}
            loading={formState.isSubmitting}
          >
            Save e-mail preferences
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The profile's e-mail preferences: one switch per kind of notice the caller can receive (the API decides which),
 * grouped by record. Turning a kind off stops its e-mail copy only; the bell still shows it.
 */
export function NotificationPreferencesPanel() {
  const { data, isLoading, isError } = useNotificationPreferences();
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="email-copies-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="email-copies-title">
          E-mail copies
        </Title>
        <Text size="sm" c="dimmed">
          The bell always shows every notification. Choose which ones are also sent to you by e-mail.
        </Text>
        {isLoading ? (
          <Skeleton h={160} />
        ) : isError || !data ? (
          <Alert color="red" title="Not loaded">
            Your e-mail preferences could not be loaded. Reload the page to try again.
          </Alert>
        ) : (
          <PreferencesForm preferences={data.results} />
        )}
      </Stack>
    </Paper>
  );
}
