import type { Port } from '@lading/contract/reference-data';
import { SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { SelectField } from '../../../components/form/choice-fields';
import { DateField } from '../../../components/form/date-fields';
import { Typeahead } from '../../../components/typeahead';
import { useIsoEquipment } from '../../../lib/reference-data/find-iso-equipment';
import { findPorts } from '../../../lib/reference-data/find-ports';
import { DESK_CURRENCIES } from './currencies';

// The fields and filters both kinds of tariff (sea, inland) ask in the same words.

/** Sea ports (and dry ports) by name or code, five at a time. */
export const searchSeaPorts = async (term: string, signal: AbortSignal): Promise<Port[]> =>
  (await findPorts({ limit: 5, name: term, portType: ['SP', 'DP'] }, signal)).results;

/** "Nhava Sheva (INNSA)". */
export const portLabel = (port: Pick<Port, 'name' | 'code'>) => `${port.name} (${port.code})`;

/** ISO size-types for a select: "22G1 · 20' general purpose". */
export function useSizeTypeOptions() {
  const equipment = useIsoEquipment();
  return (equipment.data ?? []).map((item) => ({
    value: item.code,
    label: `${item.code} · ${item.description}`,
  }));
}

/** A list filter on one port ("Any" when empty). */
export function PortFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: Port | null;
  onChange: (port: Port | null) => void;
}) {
  return (
    <Typeahead<Port>
      label={label}
      value={value}
      onChange={onChange}
      search={searchSeaPorts}
      getOptionLabel={portLabel}
      getOptionKey={(port) => String(port.id)}
      placeholder="Any"
    />
  );
}

/** What every tariff form holds besides what it prices. */
type TermsForm = { isoCode: string; currency: string; validFrom: string; validTo: string };

/**
 * A tariff's terms on its form: size-type and currency, then the kind's own (`children`: an amount), then the
 * validity. `cols` is how many stand side by side on a wide screen.
 */
export function TariffTerms({ cols, children }: { cols: number; children?: ReactNode }) {
  const sizeTypes = useSizeTypeOptions();
  const { getValues } = useFormContext<TermsForm>();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: cols }} spacing="sm">
      <SelectField<TermsForm>
        name="isoCode"
        label="Size-type"
        required
        allowDeselect={false}
        data={sizeTypes.length ? sizeTypes : [getValues('isoCode')]}
      />
      <SelectField<TermsForm>
        name="currency"
        label="Currency"
        required
        allowDeselect={false}
        data={[...DESK_CURRENCIES]}
      />
      {children}
      <DateField<TermsForm> name="validFrom" label="Valid from" required />
      <DateField<TermsForm> name="validTo" label="Valid to" required />
    </SimpleGrid>
  );
}
