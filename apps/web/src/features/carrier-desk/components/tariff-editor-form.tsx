import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { type FieldValues, FormProvider, type UseFormReturn } from 'react-hook-form';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useSaveTariff } from '../api/tariff-lifecycle';
import { capitalNoun, type LifecycleTariff, type TariffKind } from './tariff-lifecycle';

/** What went wrong at the whole-form level: an overlap (409) or someone else's save since it was opened (412). */
type Refusal = { kind: 'overlap' | 'stale' | 'other'; message: string } | null;

/** What a tariff's editor gets from the list: the tariff (null: a new one) and what to do when it is done. */
export type TariffEditorProps<T> = {
  tariff: T | null;
  onSaved: (tariff: T) => void;
  onCancel: () => void;
  /** After a 412: fetch the list again and close, so the editor reopens on the current version. */
  onStale: () => void;
};

/**
 * The form every kind of tariff is created and edited in, around the kind's own fields (`children`): it saves the
 * body the form's resolver made (POST, or PUT at the version read) and says so in a toast. A refusal shows above the
 * buttons: an overlap (409) marks the field the server names (`toField` finds it on the form) and says so in
 * `overlap`'s words; a stale edit (412) says someone saved the tariff since and offers to reload it.
 */
export function TariffEditorForm<T extends LifecycleTariff, F extends FieldValues, B>({
  kind,
  tariff,
  form,
  toField,
  overlap,
  onSaved,
  onCancel,
  onStale,
  children,
}: TariffEditorProps<T> & {
  kind: TariffKind<T>;
  form: UseFormReturn<F, unknown, B>;
  toField: (apiField: string) => string | null;
  /** The alert's title on a 409, and its message (the server's words unless given). */
  overlap: { title: string; message?: (error: ApiError) => string };
  children: ReactNode;
}) {
  const save = useSaveTariff<T, B>(kind);
  const [refusal, setRefusal] = useState<Refusal>(null);
  const { noun } = kind;
  const submit = form.handleSubmit(async (body) => {
    setRefusal(null);
    try {
      const saved = await save.mutateAsync({ tariff, body });
      toast.success(`${capitalNoun(kind)} ${kind.label(saved)} saved`);
      onSaved(saved);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setRefusal({
          kind: 'other',
          message: `The ${noun} could not be saved. Please try again in a moment.`,
        });
        return;
      }
      if (error.status === 412) {
        setRefusal({
          kind: 'stale',
          message: `Someone saved this ${noun} after you opened it. Reload it to see their changes, then edit again.`,
        });
        return;
      }
      applyServerFieldErrors(error.fields, form.setError, toField);
      setRefusal(
        error.status === 409
          ? { kind: 'overlap', message: overlap.message?.(error) ?? error.message }
          : { kind: 'other', message: error.message },
      );
    }
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-label={tariff ? `Edit ${noun}` : `New ${noun}`}>
        <Stack gap="sm">
          {children}
          {refusal && (
            <Alert
              color={refusal.kind === 'stale' ? 'yellow' : 'red'}
              title={
                refusal.kind === 'overlap'
                  ? overlap.title
                  : refusal.kind === 'stale'
                    ? 'Changed by someone else'
                    : 'Not saved'
              }
              role="alert"
              data-testid={`${noun.replaceAll(' ', '-')}-refusal`}
            >
              <Stack gap="xs">
                <Text size="sm">{refusal.message}</Text>
                {refusal.kind === 'stale' && (
                  <Group>
                    <Button size="xs" variant="default" onClick={onStale}>
                      {`Reload ${noun}s`}
                    </Button>
                  </Group>
                )}
              </Stack>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {tariff ? `Save ${noun}` : `Create ${noun}`}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
