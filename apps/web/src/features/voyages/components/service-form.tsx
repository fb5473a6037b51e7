import {
  type CarrierService,
  type CarrierServiceBody,
  CarrierServiceBodySchema,
  CUT_OFF_CODES,
  REQUIRED_CUT_OFFS,
  type Vessel,
} from '@lading/contract/voyages';
import { ActionIcon, Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useController, useFieldArray, useForm, useFormContext } from 'react-hook-form';
import { CheckboxField, SelectField, TypeaheadField } from '../../../components/form/choice-fields';
import { mappedBodyResolver } from '../../../components/form/mapped-body-resolver';
import { IntegerField } from '../../../components/form/number-fields';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { StaleRecordAlert } from '../../../components/form/stale-record-alert';
import { TextField } from '../../../components/form/text-fields';
import { OnDemandSelect } from '../../../components/on-demand-select';
import { Typeahead } from '../../../components/typeahead';
import { ApiError } from '../../../lib/api-client';
import { searchSeaPorts } from '../../../lib/reference-data/find-sea-ports';
import { toast } from '../../../lib/toast';
import { searchActiveVessels } from '../api/find-vessels';
import { useSaveService } from '../api/save-service';
import {
  missingCutOffCodes,
  moveRotationCall,
  nextRotationCall,
  type RotationPort,
  type ServiceForm,
  serviceFormDefaults,
  toServiceBody,
  toServiceField,
  toServiceMessage,
} from './service-form-mapping';
import classes from './voyages.module.css';

const resolver = mappedBodyResolver(CarrierServiceBodySchema, {
  toBody: toServiceBody,
  toField: toServiceField,
  toMessage: toServiceMessage,
});

const FREQUENCIES = [
  { value: '7', label: 'Weekly' },
  { value: '14', label: 'Fortnightly' },
];
const DIRECTIONS = [
  { value: 'N', label: 'N (northbound)' },
  { value: 'S', label: 'S (southbound)' },
  { value: 'E', label: 'E (eastbound)' },
  { value: 'W', label: 'W (westbound)' },
];

const portLabel = (port: RotationPort) => `${port.name} (${port.code})`;

/** A list's own message (react-hook-form keeps it as the array's `root`, or as the array's message). */
function ListMessage({ name }: { name: 'calls' | 'vessels' | 'cutOffs' }) {
  const { formState } = useFormContext<ServiceForm>();
  const error = formState.errors[name] as { root?: { message?: string }; message?: string } | undefined;
  const message = error?.root?.message ?? error?.message;
  if (!message) return null;
  return (
    <Text c="red.9" size="sm" role="alert">
      {message}
    </Text>
  );
}

/**
 * The rotation: one row per call (port typeahead, terminal, day, port stay) with buttons to move it up or down and
 * to remove it (two calls at least), and "Add call". Moving a call moves its port, terminal and stay; the days stay
 * in place (moveRotationCall), so the timetable keeps its order. The focus stays on the moved call's button.
 */
function RotationEditor() {
  const { control, getValues } = useFormContext<ServiceForm>();
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'calls' });
  const listRef = useRef<HTMLOListElement>(null);
  const [focusAfterMove, setFocusAfterMove] = useState<{ index: number; up: boolean } | null>(null);
  useEffect(() => {
    if (!focusAfterMove) return;
    const { index, up } = focusAfterMove;
    const button = (direction: string) =>
      listRef.current?.querySelector<HTMLButtonElement>(`[data-move="${direction}-${index}"]`);
    const target = button(up ? 'up' : 'down');
    (target && !target.disabled ? target : button(up ? 'down' : 'up'))?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove]);
  const move = (from: number, to: number) => {
    replace(moveRotationCall(getValues('calls'), from, to));
    setFocusAfterMove({ index: to, up: to < from });
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="rotation-title">
      <Title order={3} size="h5" id="rotation-title">
        Rotation
      </Title>
      <Text size="sm" c="dimmed">
        The ports in calling order. Day 0 is the arrival at the first port; each call’s day counts from it.
        Moving a call keeps the days in place: the ports move between them.
      </Text>
      <ol className={classes.rows} ref={listRef}>
        {fields.map((field, index) => {
          const n = index + 1;
          return (
            <li
              key={field.id}
              className={`${classes.row} ${classes.rotationRow}`}
              data-testid="rotation-call"
            >
              <div className={classes.wide}>
                <TypeaheadField<ServiceForm, RotationPort>
                  name={`calls.${index}.port`}
                  label={`Port (call ${n})`}
                  required
                  placeholder="Search sea ports"
                  search={searchSeaPorts}
                  getOptionLabel={portLabel}
                  getOptionKey={(port) => port.code}
                />
              </div>
              <TextField<ServiceForm>
                name={`calls.${index}.terminalName`}
                label={`Terminal (call ${n})`}
                maxLength={80}
              />
              <IntegerField<ServiceForm>
                name={`calls.${index}.dayOffset`}
                label={`Day (call ${n})`}
                required
                min={0}
                max={90}
              />
              <IntegerField<ServiceForm>
                name={`calls.${index}.portStayHours`}
                label={`Hours in port (call ${n})`}
                min={1}
                max={240}
              />
              <Group gap={4} wrap="nowrap" className={classes.rowActions}>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={`Move call ${n} up`}
                  data-move={`up-${index}`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  <span aria-hidden="true">↑</span>
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={`Move call ${n} down`}
                  data-move={`down-${index}`}
                  disabled={index === fields.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  <span aria-hidden="true">↓</span>
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  size="lg"
                  aria-label={`Remove call ${n}`}
                  disabled={fields.length <= 2}
                  onClick={() => remove(index)}
                >
                  <span aria-hidden="true">×</span>
                </ActionIcon>
              </Group>
            </li>
          );
        })}
      </ol>
      <ListMessage name="calls" />
      <Group>
        <Button
          variant="light"
          size="sm"
          disabled={fields.length >= 30}
          onClick={() => append(nextRotationCall(getValues('calls')))}
        >
          Add call
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The vessels deployed, in the order they take the sailings: a typeahead over active vessels and "Deploy" adds
 * one; each can be removed.
 */
function DeployedVessels() {
  const { field } = useController<ServiceForm, 'vessels'>({ name: 'vessels' });
  const [picked, setPicked] = useState<Vessel | null>(null);
  const deployed = field.value;
  const deploy = () => {
    if (!picked) return;
    if (!deployed.some((vessel) => vessel.id === picked.id))
      field.onChange([...deployed, { id: picked.id, name: picked.name, imoNumber: picked.imoNumber }]);
    setPicked(null);
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="vessels-title">
      <Title order={3} size="h5" id="vessels-title">
        Vessels deployed
      </Title>
      {deployed.length === 0 ? (
        <Text size="sm" c="dimmed">
          None yet: voyages are generated only for a service with a vessel.
        </Text>
      ) : (
        <ol className={classes.vessels}>
          {deployed.map((vessel, index) => (
            <li key={vessel.id} className={classes.vessel}>
              <Text size="sm">
                {index + 1}. {vessel.name} (IMO {vessel.imoNumber})
              </Text>
              <Button
                variant="subtle"
                color="red.9"
                size="compact-sm"
                aria-label={`Remove ${vessel.name} from the service`}
                onClick={() => field.onChange(deployed.filter((other) => other.id !== vessel.id))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ol>
      )}
      <ListMessage name="vessels" />
      <Group align="flex-end" gap="xs" wrap="nowrap" className={classes.deploy}>
        <div className={classes.grow}>
          <Typeahead<Vessel>
            label="Vessel to deploy"
            value={picked}
            onChange={setPicked}
            search={searchActiveVessels}
            getOptionLabel={(vessel) => `${vessel.name} (IMO ${vessel.imoNumber})`}
            getOptionKey={(vessel) => String(vessel.id)}
            placeholder="Search by name or IMO number"
          />
        </div>
        <Button variant="default" onClick={deploy} disabled={!picked}>
          Deploy
        </Button>
      </Group>
    </Stack>
  );
}

/** Hours before each call's departure per cut-off (the defaults for a new service); codes can be added. */
function CutOffRules() {
  const { control } = useFormContext<ServiceForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'cutOffs' });
  const missing = missingCutOffCodes(fields);
  return (
    <Stack gap="xs" component="section" aria-labelledby="cut-offs-title">
      <Title order={3} size="h5" id="cut-offs-title">
        Cut-offs
      </Title>
      <Text size="sm" c="dimmed">
        Hours before the vessel’s departure from each call. Generated voyages get these; a voyage’s own can be
        changed on its page.
      </Text>
      <ul className={classes.rows}>
        {fields.map((field, index) => {
          const required = REQUIRED_CUT_OFFS.includes(field.code);
          return (
            <li key={field.id} className={`${classes.row} ${classes.cutOffRow}`} data-testid="cut-off-rule">
              <Text size="sm" className={classes.cutOffName}>
                <Text span fw={700} size="sm">
                  {field.code}
                </Text>{' '}
                {CUT_OFF_CODES[field.code]}
              </Text>
              <IntegerField<ServiceForm>
                name={`cutOffs.${index}.hours`}
                label={`Hours before departure (${field.code})`}
                required
                min={0}
                max={720}
              />
              <div className={classes.rowActions}>
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  size="lg"
                  aria-label={
                    required ? `${field.code} is required on every service` : `Remove cut-off ${field.code}`
                  }
                  disabled={required}
                  onClick={() => remove(index)}
                >
                  <span aria-hidden="true">×</span>
                </ActionIcon>
              </div>
            </li>
          );
        })}
      </ul>
      <ListMessage name="cutOffs" />
      {missing.length > 0 && (
        <OnDemandSelect
          label="Add a cut-off"
          placeholder="Choose a DCSA cut-off code"
          maw={420}
          data={missing.map((code) => ({ value: code, label: `${code} · ${CUT_OFF_CODES[code]}` }))}
          value={null}
          onChange={(code) => {
            if (code) append({ code: code as (typeof missing)[number], hours: 24 });
          }}
        />
      )}
    </Stack>
  );
}

/**
 * Create or edit a liner service: code, name, frequency, direction letter of its voyage numbers, the rotation, the
 * vessels deployed and the cut-off hours. The contract's rules check it (a rotation of two calls at least, day 0
 * first, each arrival after the call before has departed); the server's 400/409 fields (an unknown port, a code
 * taken) land on their cells; a 412 keeps the entries and offers a reload.
 */
export function ServiceEditor({
  service,
  onSaved,
  onCancel,
  onStale,
}: {
  service: CarrierService | null;
  onSaved: () => void;
  onCancel: () => void;
  onStale: () => void;
}) {
  const save = useSaveService();
  const [stale, setStale] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const form = useForm<ServiceForm, unknown, CarrierServiceBody>({
    defaultValues: serviceFormDefaults(service),
    resolver,
  });
  const submit = form.handleSubmit(async (body) => {
    setStale(null);
    setRefused(null);
    try {
      const saved = await save.mutateAsync({ service, body });
      toast.success(service ? `Service ${saved.code} saved` : `Service ${saved.code} created`);
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) {
        setStale(error.message);
        return;
      }
      const fields: Record<string, string> = {};
      if (error instanceof ApiError)
        for (const [path, message] of Object.entries(error.fields)) {
          const cell = toServiceField(path);
          if (cell) fields[path] = toServiceMessage(cell, message);
        }
      const placed = applyServerFieldErrors(fields, form.setError, toServiceField);
      if (placed === 0)
        setRefused(error instanceof ApiError ? error.message : 'The service could not be saved.');
    }
  });
  return (
    <FormProvider {...form}>
      <form
        onSubmit={submit}
        noValidate
        aria-label={service ? `Edit service ${service.code}` : 'New service'}
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <TextField<ServiceForm>
              name="code"
              label="Service code"
              required
              maxLength={5}
              placeholder="IEX"
              autoComplete="off"
              normalize={(value) => value.toUpperCase().replace(/[^A-Z0-9]/g, '')}
              data-autofocus
            />
            <TextField<ServiceForm> name="name" label="Service name" required maxLength={80} />
            <SelectField<ServiceForm>
              name="frequencyDays"
              label="Frequency"
              required
              searchable={false}
              allowDeselect={false}
              data={FREQUENCIES}
            />
            <SelectField<ServiceForm>
              name="voyageSuffix"
              label="Direction"
              required
              searchable={false}
              allowDeselect={false}
              data={DIRECTIONS}
            />
          </SimpleGrid>
          <CheckboxField<ServiceForm> name="active" label="Active" />
          <RotationEditor />
          <DeployedVessels />
          <CutOffRules />
          {stale && <StaleRecordAlert message={stale} reloadText="Reload services" onReload={onStale} />}
          {refused && (
            <Alert color="red" title="Not saved" role="alert">
              {refused}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {service ? 'Save service' : 'Create service'}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
