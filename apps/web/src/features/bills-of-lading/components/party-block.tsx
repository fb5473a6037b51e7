import type { BillOfLadingForm } from '@lading/contract/bills-of-lading';
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { FieldPath } from 'react-hook-form';
import { TextField } from '../../../components/form/text-fields';
import { PlainGrid } from '../../../components/plain-grid';
import { phoneCharacters } from './bl-format';

type Props = {
  title: 'Shipper' | 'Consignee';
  partyName: string | null;
  mail: string | null;
  address: string | null;
  nameField: FieldPath<BillOfLadingForm>;
  phoneField: FieldPath<BillOfLadingForm>;
};

function ReadOnly({ label, value }: { label: string; value: string | null }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {value || '—'}
      </Text>
    </Stack>
  );
}

/** Shipper and Consignee: the party's name, mail and address read-only; Name as in BL and Phone No editable. */
export function PartyBlock({ title, partyName, mail, address, nameField, phoneField }: Props) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`${title}-heading`}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={`${title}-heading`}>
          {title}
        </Title>
        <PlainGrid cols={{ base: 1, sm: 2 }}>
          <ReadOnly label="Party name" value={partyName} />
          <ReadOnly label="Mail" value={mail} />
        </PlainGrid>
        <ReadOnly label="Address" value={address} />
        <PlainGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing={0}>
          <TextField<BillOfLadingForm>
            name={nameField}
            label={`${title} Name as in BL`}
            required
            maxLength={200}
          />
          <TextField<BillOfLadingForm>
            name={phoneField}
            label={`${title} Phone No`}
            required
            normalize={phoneCharacters}
            type="tel"
            inputMode="tel"
            maxLength={20}
          />
        </PlainGrid>
      </Stack>
    </Paper>
  );
}
