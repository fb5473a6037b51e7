import {
  type BillOfLadingForm,
  BL_MESSAGES,
  isValidContainerNumber,
  isVgmOffExpected,
  VGM_METHODS,
} from '@lading/contract/bills-of-lading';
import type { PackageType } from '@lading/contract/reference-data';
import { Alert, Group, Paper, ScrollArea, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { NumberField, SelectField, TextField } from './bill-form-fields';
import { kgToTonnes } from './bill-form-rules';

function Warning({ label }: { label: string }) {
  return (
    <Tooltip label={label} multiline w={240} withArrow>
      <Text component="span" c="orange.9" fw={700} aria-label={label} role="img" tabIndex={0}>
        ⚠
      </Text>
    </Tooltip>
  );
}

/** Container Details (specification section 2): ten columns; number, type and tare read-only; warnings advise, never block. */
export function ContainersTable({ packageTypes }: { packageTypes: readonly PackageType[] }) {
  const { control } = useFormContext<BillOfLadingForm>();
  const { fields } = useFieldArray({ control, name: 'containers', keyName: 'key' });
  const rows = useWatch({ control, name: 'containers' });
  const packageOptions = packageTypes.map((p) => ({ value: String(p.id), label: `${p.name} (${p.code})` }));

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="containers-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="containers-heading">
          Container Details
        </Title>
        {fields.length === 0 ? (
          <Alert color="gray" role="status">
            {BL_MESSAGES.noContainers}
          </Alert>
        ) : (
          <ScrollArea type="auto" offsetScrollbars>
            <Table withTableBorder withColumnBorders striped verticalSpacing={4} miw={1400}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Container No.</Table.Th>
                  <Table.Th scope="col">Type</Table.Th>
                  <Table.Th scope="col">Tare Weight (Tone)</Table.Th>
                  <Table.Th scope="col">Seal No</Table.Th>
                  <Table.Th scope="col">Package Type</Table.Th>
                  <Table.Th scope="col">No of Packages</Table.Th>
                  <Table.Th scope="col">Cargo Gross Weight (KG)</Table.Th>
                  <Table.Th scope="col">Measurement (CBM)</Table.Th>
                  <Table.Th scope="col">VGM (kg)</Table.Th>
                  <Table.Th scope="col">VGM Method</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {fields.map((row, index) => {
                  const current = rows?.[index] ?? row;
                  const badNumber = !isValidContainerNumber(row.containerNumber);
                  const vgmOff = isVgmOffExpected(current);
                  const no = row.containerNumber;
                  return (
                    <Table.Tr key={row.key}>
                      <Table.Th scope="row">
                        <Group gap={4} wrap="nowrap">
                          <Text size="sm" ff="monospace">
                            {no}
                          </Text>
                          {badNumber && (
                            <Warning
                              label={`${no}: the ISO 6346 check digit does not match. Please check the container number.`}
                            />
                          )}
                        </Group>
                      </Table.Th>
                      <Table.Td>{row.containerType}</Table.Td>
                      <Table.Td>{kgToTonnes(row.tareWeight)}</Table.Td>
                      <Table.Td>
                        <TextField
                          name={`containers.${index}.sealNumber`}
                          label={`Seal No, container ${no}`}
                          hideLabel
                          maxLength={40}
                          miw={130}
                        />
                      </Table.Td>
                      <Table.Td>
                        <SelectField
                          name={`containers.${index}.packageType`}
                          label={`Package Type, container ${no}`}
                          hideLabel
                          required
                          numeric
                          data={packageOptions}
                          placeholder="Choose"
                        />
                      </Table.Td>
                      <Table.Td>
                        <NumberField
                          name={`containers.${index}.numberOfPackage`}
                          label={`No of Packages, container ${no}`}
                          hideLabel
                          required
                          decimals={0}
                        />
                      </Table.Td>
                      <Table.Td>
                        <NumberField
                          name={`containers.${index}.cargoGrossWeight`}
                          label={`Cargo Gross Weight (KG), container ${no}`}
                          hideLabel
                          required
                        />
                      </Table.Td>
                      <Table.Td>
                        <NumberField
                          name={`containers.${index}.measurement`}
                          label={`Measurement (CBM), container ${no}`}
                          hideLabel
                          required
                        />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <NumberField
                            name={`containers.${index}.vgm`}
                            label={`VGM (kg), container ${no}`}
                            hideLabel
                            required
                          />
                          {vgmOff && (
                            <Warning
                              label={`VGM differs from cargo gross + tare (${((current.cargoGrossWeight ?? 0) + (current.tareWeight ?? 0)).toFixed(2)} kg) by more than 5 %.`}
                            />
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <SelectField
                          name={`containers.${index}.vgmMethod`}
                          label={`VGM Method, container ${no}`}
                          hideLabel
                          required
                          data={[...VGM_METHODS]}
                          placeholder="Choose"
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Stack>
    </Paper>
  );
}
