import { type BillOfLadingForm, emptyCargoRow } from '@lading/contract/bills-of-lading';
import type { HsnCode, PackageType } from '@lading/contract/reference-data';
import { Button, Group, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useContext, useMemo } from 'react';
import { useController, useFieldArray, useFormContext } from 'react-hook-form';
import { createLocalSearch, Typeahead } from '../../../components/typeahead';
import { BillFormState, SelectField, TextField } from './bill-form-fields';

function CommodityCell({ index, hsCodes }: { index: number; hsCodes: readonly HsnCode[] }) {
  const { readOnly, errors, submitted } = useContext(BillFormState);
  const { setValue, getFieldState, formState } = useFormContext<BillOfLadingForm>();
  const { field } = useController<BillOfLadingForm, `cargoDetails.${number}.commodity`>({
    name: `cargoDetails.${index}.commodity`,
  });
  const search = useMemo(
    () => createLocalSearch(hsCodes, (h) => `${h.commodity} ${h.hsnCode}`, 20),
    [hsCodes],
  );
  const hsnCode = useController<BillOfLadingForm, `cargoDetails.${number}.hsnCode`>({
    name: `cargoDetails.${index}.hsnCode`,
  }).field.value;
  const picked = hsnCode ? (hsCodes.find((h) => h.id === hsnCode) ?? null) : null;
  const value: HsnCode | null = picked ? { ...picked, commodity: String(field.value) } : null;
  const touched = getFieldState(`cargoDetails.${index}.commodity`, formState).isTouched;
  const message = errors[`cargoDetails.${index}.commodity`] ?? errors[`cargoDetails.${index}.hsnCode`];
  return (
    <Typeahead<HsnCode>
      label={`Commodity, cargo row ${index + 1}`}
      hideLabel
      placeholder="Search commodity or HS code"
      disabled={readOnly}
      value={value}
      onChange={(item) => {
        field.onChange(item?.commodity ?? '');
        setValue(`cargoDetails.${index}.hsnCode`, item?.id ?? null, { shouldDirty: true, shouldTouch: true });
        setValue(`cargoDetails.${index}.hsnCodeValue`, item?.hsnCode ?? '', { shouldDirty: true });
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
      error={message && (submitted || touched) ? true : undefined}
    />
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
  const { readOnly } = useContext(BillFormState);
  const { control, watch } = useFormContext<BillOfLadingForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'cargoDetails', keyName: 'key' });
  const packageOptions = packageTypes.map((p) => ({ value: String(p.id), label: `${p.name} (${p.code})` }));

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
        <ScrollArea type="auto" offsetScrollbars>
          <Table withTableBorder withColumnBorders verticalSpacing={4} miw={900}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" w={40}>
                  #
                </Table.Th>
                <Table.Th scope="col">Commodity</Table.Th>
                <Table.Th scope="col">HSN Code</Table.Th>
                <Table.Th scope="col">Package Type</Table.Th>
                <Table.Th scope="col">Package Details</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map((row, index) => (
                <Table.Tr key={row.key}>
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td miw={320}>
                    <CommodityCell index={index} hsCodes={hsCodes} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace" aria-label={`HSN Code, cargo row ${index + 1}`}>
                      {watch(`cargoDetails.${index}.hsnCodeValue`) || '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <SelectField
                      name={`cargoDetails.${index}.packageType`}
                      label={`Package Type, cargo row ${index + 1}`}
                      hideLabel
                      required
                      numeric
                      data={packageOptions}
                      placeholder="Choose"
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextField
                      name={`cargoDetails.${index}.packageDetails`}
                      label={`Package Details, cargo row ${index + 1}`}
                      hideLabel
                      required
                      maxLength={500}
                      placeholder="e.g. 1200 cartons"
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Stack>
    </Paper>
  );
}
