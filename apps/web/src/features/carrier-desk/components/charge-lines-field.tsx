import { ActionIcon, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  type ArrayPath,
  type FieldArray,
  type FieldValues,
  type Path,
  useFieldArray,
  useFormContext,
} from 'react-hook-form';
import { SelectField } from '../../../components/form/choice-fields';
import { TextField } from '../../../components/form/text-fields';
import classes from './carrier-desk.module.css';

const BASIS_OPTIONS = [
  { value: 'PER_CONTAINER', label: 'Per container' },
  { value: 'PER_BL', label: 'Per bill of lading' },
];

/**
 * The charge lines of a form's `charges` array (a quotation's price, a tariff): per line the code (upper case), the
 * charge's name and the basis, then the form's own cells, and a remove button (the last line stays); the list's
 * own message, and the add buttons with whatever the form shows beside them (a live total).
 */
export function ChargeLinesField<T extends FieldValues>({
  titleOrder,
  rowClassName,
  rowTestId,
  cells,
  onBasisChange,
  actions,
  aside,
}: {
  titleOrder: 2 | 3;
  /** The grid of a line's cells (carrier-desk.module.css). */
  rowClassName: string | undefined;
  rowTestId: string;
  /** The line's own cells after code, charge and basis; `n` is the 1-based line number the labels use. */
  cells: (index: number, n: number) => ReactNode;
  onBasisChange?: (index: number, basis: string) => void;
  /** The add buttons, given `append`. */
  actions: (append: (line: FieldArray<T, ArrayPath<T>>) => void) => ReactNode;
  aside?: ReactNode;
}) {
  const { control, formState } = useFormContext<T>();
  const { fields, append, remove } = useFieldArray({ control, name: 'charges' as ArrayPath<T> });
  const errors = formState.errors.charges as { root?: { message?: string }; message?: string } | undefined;
  const listError = errors?.root?.message ?? errors?.message;
  const path = (index: number, field: string) => `charges.${index}.${field}` as Path<T>;
  const titleId = `charge-lines-title-${rowTestId}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={titleOrder} size="h5" id={titleId}>
        Charges
      </Title>
      {fields.map((field, index) => {
        const n = index + 1;
        return (
          <div key={field.id} className={`${classes.row} ${rowClassName}`} data-testid={rowTestId}>
            <TextField<T>
              name={path(index, 'code')}
              label={`Code (line ${n})`}
              required
              placeholder="OCEAN_FREIGHT"
              normalize={(value) => value.toUpperCase().replace(/[^A-Z0-9_]/g, '')}
            />
            <TextField<T> name={path(index, 'name')} label={`Charge (line ${n})`} required />
            <SelectField<T>
              name={path(index, 'basis')}
              label={`Basis (line ${n})`}
              required
              searchable={false}
              allowDeselect={false}
              data={BASIS_OPTIONS}
              onOptionSubmit={onBasisChange ? (basis) => onBasisChange(index, basis) : undefined}
            />
            {cells(index, n)}
            <div className={classes.action}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove charge line ${n}`}
                disabled={fields.length === 1}
                onClick={() => remove(index)}
              >
                ×
              </ActionIcon>
            </div>
          </div>
        );
      })}
      {listError && (
        <Text c="red" size="sm" role="alert">
          Charges {listError}
        </Text>
      )}
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">{actions(append)}</Group>
        {aside}
      </Group>
    </Stack>
  );
}
