import { emptyCargoRow } from '@lading/contract/bill-of-lading-rules';
import type { BillOfLadingForm } from '@lading/contract/bills-of-lading';
import type { HsnCode, PackageType } from '@lading/contract/reference-data';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useController, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { SelectField } from '../../../components/form/choice-fields';
import { useFormOptions } from '../../../components/form/field-chrome';
import { TextField } from '../../../components/form/text-fields';
import { createLocalSearch } from '../../../components/local-search';
import plain from '../../../components/plain-table.module.css';
import { Typeahead } from '../../../components/typeahead';
import { usePhoneLayout } from '../../../lib/phone-layout';
import classes from './containers-table.module.css';

/** Commodity: a typeahead over the loaded HS list; picking one fills the HSN Code (its id, and its digits to show). */
function CommodityCell({
  index,
  hsCodes,
  labelled,
}: {
  index: number;
  hsCodes: readonly HsnCode[];
  labelled: boolean;
}) {
  const { readOnly } = useFormOptions();
  const { setValue, getFieldState, formState } = useFormContext<BillOfLadingForm>();
  const { field, fieldState } = useController<BillOfLadingForm, `cargoDetails.${number}.commodity`>({
    name: `cargoDetails.${index}.commodity`,
  });
  const search = useMemo(
    () => createLocalSearch(hsCodes, (h) => `${h.commodity} ${h.hsnCode}`, 20),
    [hsCodes],
  );
  const hsnCode = useWatch<BillOfLadingForm, `cargoDetails.${number}.hsnCode`>({
    name: `cargoDetails.${index}.hsnCode`,
  });
  const hsnCodeValue = useWatch<BillOfLadingForm, `cargoDetails.${number}.hsnCodeValue`>({
    name: `cargoDetails.${index}.hsnCodeValue`,
  });
  // The row's commodity shows as the picked code with the commodity text of the row (it may read differently).
  const value: HsnCode | null = hsnCode
    ? {
        ...(hsCodes.find((h) => h.id === hsnCode) ?? {
          id: hsnCode,
          hsnCode: hsnCodeValue,
          level: hsnCodeValue.length,
          parentCode: null,
        }),
        commodity: String(field.value),
      }
    : null;
  const codeError = getFieldState(`cargoDetails.${index}.hsnCode`, formState).error?.message;
  const label = labelled ? 'Commodity' : `Commodity, cargo row ${index + 1}`;
  return (
    <Typeahead<HsnCode>
      label={label}
      hideLabel={!labelled}
      required
      placeholder="Search commodity or HS code"
      disabled={readOnly}
      value={value}
      onChange={(item) => {
        field.onChange(item?.commodity ?? '');
        const validate = { shouldDirty: true, shouldValidate: fieldState.isTouched || formState.isSubmitted };
        setValue(`cargoDetails.${index}.hsnCodeValue`, item?.hsnCode ?? '', validate);
        setValue(`cargoDetails.${index}.hsnCode`, item?.id ?? null, { ...validate, shouldTouch: true });
      }}
      onBlur={field.onBlur}
      search={search}
      getOptionLabel={(item) => item.commodity}
      getOptionKey={(item) => String(item.id)}
      renderOption={(item) => (
        <Group justify="space-between" wrap="nowrap" w="100%">
          <Text size="sm">{item.commodity}</Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {item.hsnCode}
          </Text>
        </Group>
      )}
      error={fieldState.error?.message ?? codeError}
      errorDisplay={labelled ? 'line' : 'hidden'}
    />
  );
}

function HsnCodeText({ index, labelled }: { index: number; labelled: boolean }) {
  const value = useWatch<BillOfLadingForm, `cargoDetails.${number}.hsnCodeValue`>({
    name: `cargoDetails.${index}.hsnCodeValue`,
  });
  return (
    <Text size="sm" ff="monospace" aria-label={`HSN Code, cargo row ${index + 1}`}>
      {labelled && (
        <Text span size="xs" c="dimmed" ff="text" mr={4}>
          HSN Code
        </Text>
      )}
      {value || '—'}
    </Text>
  );
}

/** Cargo Details: Commodity (typeahead over the loaded HS list), HSN Code, Package Type, Package Details; Delete removes the last row. */
export function CargoTable({
  hsCodes,
  packageTypes,
}: {
  hsCodes: readonly HsnCode[];
  packageTypes: readonly PackageType[];
}) {
  const { readOnly } = useFormOptions();
  const isPhone = usePhoneLayout();
  const { fields, append, remove } = useFieldArray<BillOfLadingForm, 'cargoDetails', 'key'>({
    name: 'cargoDetails',
    keyName: 'key',
  });
  const packageOptions = packageTypes.map((p) => ({ value: String(p.id), label: `${p.name} (${p.code})` }));
  const packageType = (index: number, labelled: boolean) => (
    <SelectField<BillOfLadingForm>
      name={`cargoDetails.${index}.packageType`}
      label={labelled ? 'Package Type' : `Package Type, cargo row ${index + 1}`}
      hideLabel={!labelled}
      required
      numeric
      data={packageOptions}
      placeholder="Choose"
    />
  );
  const packageDetails = (index: number, labelled: boolean) => (
    <TextField<BillOfLadingForm>
      name={`cargoDetails.${index}.packageDetails`}
      label={labelled ? 'Package Details' : `Package Details, cargo row ${index + 1}`}
      hideLabel={!labelled}
      required
      maxLength={500}
      placeholder="e.g. 1200 cartons"
    />
  );

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="cargo-heading">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="cargo-heading">
            Cargo Details
          </Title>
          {!readOnly && (
            <Group gap="xs">
              <Button
                variant="default"
                color="red"
                onClick={() => remove(fields.length - 1)}
                disabled={fields.length <= 1}
              >
                Delete
              </Button>
              <Button variant="light" onClick={() => append(emptyCargoRow())}>
                Add Cargo Details
              </Button>
            </Group>
          )}
        </Group>
        {isPhone ? (
          <Stack gap="sm">
            {fields.map((row, index) => (
              <Paper
                key={row.key}
                withBorder
                p="sm"
                radius="md"
                component="section"
                aria-label={`Cargo row ${index + 1}`}
                data-testid="cargo-card"
              >
                <Stack gap={4}>
                  <Group justify="space-between">
                    <Title order={3} size="h6">
                      Cargo row {index + 1}
                    </Title>
                    <HsnCodeText index={index} labelled />
                  </Group>
                  <CommodityCell index={index} hsCodes={hsCodes} labelled />
                  {packageType(index, true)}
                  {packageDetails(index, true)}
                </Stack>
              </Paper>
            ))}
          </Stack>
        ) : (
          <div className={classes.scroller}>
            <table data-bordered data-column-borders className={`${plain.table} ${classes.cargoTable}`}>
              <thead>
                <tr>
                  <th scope="col" className={classes.index}>
                    #
                  </th>
                  <th scope="col">Commodity</th>
                  <th scope="col">HSN Code</th>
                  <th scope="col">Package Type</th>
                  <th scope="col">Package Details</th>
                </tr>
              </thead>
              <tbody>
                {fields.map((row, index) => (
                  <tr key={row.key}>
                    <td>{index + 1}</td>
                    <td className={classes.commodity}>
                      <CommodityCell index={index} hsCodes={hsCodes} labelled={false} />
                    </td>
                    <td>
                      <HsnCodeText index={index} labelled={false} />
                    </td>
                    <td>{packageType(index, false)}</td>
                    <td>{packageDetails(index, false)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Stack>
    </Paper>
  );
}
