import { zodResolver } from '@hookform/resolvers/zod';
import {
  API_CLIENT_SCOPE_LABELS,
  API_CLIENT_SCOPES,
  type CreateApiClientBody,
  CreateApiClientBodySchema,
  type CreatedApiClient,
  latestApiClientExpiry,
} from '@lading/contract/api-clients';
import { todayIso } from '@lading/contract/quotations';
import {
  Alert,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useRef, useState } from 'react';
import { type Control, useForm } from 'react-hook-form';
import { DateField } from '../../../components/form/date-fields';
import { focusFirstInvalid } from '../../../components/form/focus-first-invalid';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { TextField, useField } from '../../../components/form/text-fields';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useCreateApiClient } from '../api/create-api-client';

const EMPTY: CreateApiClientBody = { name: '', expiresOn: '', scopes: [] };
const FIELDS = new Set<string>(Object.keys(EMPTY));

/** The day after `iso` (the calendar's first allowed day is tomorrow). */
const dayAfter = (iso: string) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The scopes, one checkbox each, as one labelled group bound to the form's `scopes` list. */
function ScopesField({ control }: { control: Control<CreateApiClientBody> }) {
  const { field, fieldState } = useField<CreateApiClientBody>('scopes', control);
  return (
    <Checkbox.Group
      label="What it may read"
      description="Read-only: an API client never changes anything."
      withAsterisk
      value={field.value as string[]}
      onChange={field.onChange}
      error={fieldState.error?.message}
    >
      <Stack gap={6} mt={6}>
        {API_CLIENT_SCOPES.map((scope, index) => (
          <Checkbox
            key={scope}
            value={scope}
            ref={index === 0 ? field.ref : undefined}
            onBlur={field.onBlur}
            label={
              <>
                {API_CLIENT_SCOPE_LABELS[scope]} <Code>{scope}</Code>
              </>
            }
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/** A read-only value with its copy button, labelled for what it is. */
function CopyField({ label, value, description }: { label: string; value: string; description?: string }) {
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput
        label={label}
        description={description}
        value={value}
        readOnly
        style={{ flex: 1, minWidth: 0 }}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        onFocus={(event) => event.currentTarget.select()}
      />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button
            variant={copied ? 'filled' : 'light'}
            color={copied ? 'teal' : undefined}
            onClick={copy}
            aria-label={`${copied ? 'Copied' : 'Copy'} the ${label.toLowerCase()}`}
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/** The answer to a create: the client id and the secret, shown this once, with how to get a token. */
function SecretShownOnce({ created, onDone }: { created: CreatedApiClient; onDone: () => void }) {
  return (
    <Stack gap="sm">
      <Alert color="orange" title="Copy the secret now">
        This is the only time the secret is shown: Lading keeps only a fingerprint of it. If it is lost,
        revoke this client and create another.
      </Alert>
      <CopyField label="Client ID" value={created.client.clientId} />
      <CopyField label="Client secret" value={created.clientSecret} />
      <Text size="sm">
        Your system asks <Code style={{ overflowWrap: 'anywhere' }}>{created.tokenUrl}</Code> for a token with{' '}
        <Code>grant_type=client_credentials</Code> and these credentials (HTTP Basic), then calls the API with{' '}
        <Code>Authorization: Bearer &lt;token&gt;</Code>. Tokens last 10 minutes; the client works until{' '}
        {formatDate(created.client.expiresOn)}.
      </Text>
      <Group justify="flex-end">
        <Button onClick={onDone}>Done, I have copied the secret</Button>
      </Group>
    </Stack>
  );
}

/**
 * "New API client": a name, the last day it works (dd/mm/yyyy, after today and at most a year on) and what it may read.
 * The contract's schema checks the form; fields the server refuses show on their cells. Once created, the dialog shows
 * the secret once; closing it forgets the secret.
 */
export function CreateApiClientModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateApiClient();
  const [created, setCreated] = useState<CreatedApiClient | null>(null);
  const { control, handleSubmit, formState, setError } = useForm<CreateApiClientBody>({
    defaultValues: EMPTY,
    resolver: zodResolver(CreateApiClientBodySchema),
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const today = todayIso();

  const onSubmit = async (body: CreateApiClientBody) => {
    try {
      setCreated(await create.mutateAsync(body));
    } catch (error) {
      const placed =
        error instanceof ApiError
          ? applyServerFieldErrors(error.fields, setError, (field) =>
              FIELDS.has(field) ? field : field.startsWith('scopes') ? 'scopes' : null,
            )
          : 0;
      if (placed === 0)
        toast.error(error instanceof ApiError ? error.message : 'The API client could not be created.');
    }
  };
  const close = () => {
    setCreated(null);
    create.reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? `API client “${created.client.name}” created` : 'New API client'}
      size="lg"
      centered
    >
      {created ? (
        <SecretShownOnce created={created} onDone={close} />
      ) : (
        <form
          ref={formRef}
          onSubmit={handleSubmit(onSubmit, () => focusFirstInvalid(formRef.current))}
          noValidate
        >
          <Stack gap="sm">
            <Text size="sm">
              An API client lets your company's own systems read what your company's members see, through the
              OAuth 2 client-credentials grant.
            </Text>
            <TextField
              control={control}
              name="name"
              label="Name"
              required
              maxLength={80}
              description="Which system uses it, e.g. “Warehouse system”"
            />
            <DateField
              control={control}
              name="expiresOn"
              label="Works until"
              required
              min={dayAfter(today)}
              max={latestApiClientExpiry(today)}
              description="The last day it works: at most a year from today"
            />
            <ScopesField control={control} />
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={formState.isSubmitting}>
                Create API client
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
