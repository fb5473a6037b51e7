import { todayIso } from '@lading/contract/quotations';
import { type Tariff, type TariffBody, TariffBodySchema } from '@lading/contract/tariffs';
import { Button, SimpleGrid } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { CheckboxField, TypeaheadField } from '../../../components/form/choice-fields';
import { mappedBodyResolver } from '../../../components/form/mapped-body-resolver';
import { DecimalField } from '../../../components/form/number-fields';
import classes from './carrier-desk.module.css';
import { ChargeLinesField } from './charge-lines-field';
import { TariffEditorForm, type TariffEditorProps } from './tariff-editor-form';
import { portLabel, searchSeaPorts, TariffTerms } from './tariff-fields';
import {
  emptyTariffCharge,
  type TariffForm,
  tariffFormDefaults,
  toTariffBody,
  toTariffFormField,
} from './tariff-form-mapping';
import { SEA_TARIFF } from './tariff-lifecycle';

const resolver = mappedBodyResolver(TariffBodySchema, { toBody: toTariffBody, toField: toTariffFormField });

type LanePort = NonNullable<TariffForm['pol']>;

function TariffCharges() {
  return (
    <ChargeLinesField<TariffForm>
      titleOrder={3}
      rowClassName={classes.tariffCharge}
      rowTestId="tariff-charge"
      cells={(index, n) => (
        <>
          <DecimalField<TariffForm> name={`charges.${index}.amount`} label={`Amount (line ${n})`} required />
          <div className={classes.checkbox}>
            <CheckboxField<TariffForm>
              name={`charges.${index}.hazardousOnly`}
              label="HAZ only"
              aria-label={`Hazardous cargo only (line ${n})`}
            />
          </div>
        </>
      )}
      actions={(append) => (
        <Button variant="default" size="xs" onClick={() => append(emptyTariffCharge())}>
          Add charge
        </Button>
      )}
    />
  );
}

/**
 * Create or edit a tariff. An overlapping validity (409) marks "Valid from" with the server's words and says so
 * above the buttons; a stale edit (412) says someone saved the tariff since and offers to reload it.
 */
export function TariffEditor({ tariff, ...done }: TariffEditorProps<Tariff>) {
  const form = useForm<TariffForm, unknown, TariffBody>({
    defaultValues: tariffFormDefaults(tariff, todayIso()),
    resolver,
  });
  return (
    <TariffEditorForm
      kind={SEA_TARIFF}
      tariff={tariff}
      form={form}
      toField={toTariffFormField}
      overlap={{
        title: 'Validity overlaps',
        message: (error) =>
          `Not saved: the validity overlaps another tariff of this lane and size-type. ${error.fields.validFrom ? `Valid from ${error.fields.validFrom}.` : error.message}`,
      }}
      {...done}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {(
          [
            ['pol', 'Port of loading'],
            ['pod', 'Port of discharge'],
          ] as const
        ).map(([name, label]) => (
          <TypeaheadField<TariffForm, LanePort>
            key={name}
            name={name}
            label={label}
            required
            placeholder="Search ports by name or code"
            search={searchSeaPorts}
            getOptionLabel={portLabel}
            getOptionKey={(port) => String(port.id)}
          />
        ))}
      </SimpleGrid>
      <TariffTerms cols={4} />
      <TariffCharges />
    </TariffEditorForm>
  );
}
