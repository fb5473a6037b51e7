import type { BillOfLadingForm } from '@lading/contract/bills-of-lading';
import type { Party } from '@lading/contract/reference-data';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useController, useFormContext } from 'react-hook-form';
import { useFormOptions } from '../../../components/form/field-chrome';
import { TextField } from '../../../components/form/text-fields';
import { PlainGrid } from '../../../components/plain-grid';
import { Typeahead } from '../../../components/typeahead';
import { findPartyDetails } from '../../../lib/reference-data/find-party-details';
import { phoneCharacters } from './bl-format';

/** Notify Party 1 or 2: party lookup (server search), name in BL, mail, phone, address; all optional. */
export function NotifyPartyBlock({ which }: { which: 'notifyParty1' | 'notifyParty2' }) {
  const { readOnly } = useFormOptions();
  const { setValue } = useFormContext<BillOfLadingForm>();
  const { field, fieldState } = useController<BillOfLadingForm, `${typeof which}.party`>({
    name: `${which}.party`,
  });
  const number = which === 'notifyParty1' ? 1 : 2;
  const value = field.value as { id: number; name: string } | null;
  const picked: Party | null = value
    ? {
        id: value.id,
        name: value.name,
        code: '',
        externalId: null,
        mobile: null,
        address: null,
        emailId: null,
      }
    : null;
  const filled = { shouldDirty: true, shouldValidate: fieldState.isTouched };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`${which}-heading`}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={`${which}-heading`}>
          Notify Party {number}
        </Title>
        <Typeahead<Party>
          label={`Notify Party ${number}`}
          placeholder="Search companies"
          value={picked}
          disabled={readOnly}
          onChange={(party) => {
            field.onChange(party ? { id: party.id, name: party.name } : null);
            // Picking a company fills its details; they stay editable.
            if (party) {
              setValue(`${which}.name`, party.name, filled);
              setValue(`${which}.email`, party.emailId ?? '', filled);
              setValue(`${which}.phone`, phoneCharacters(party.mobile ?? ''), filled);
              setValue(`${which}.address`, party.address ?? '', filled);
            }
          }}
          onBlur={field.onBlur}
          search={(term, signal) =>
            findPartyDetails({ name: term, partyStatus: 'APPR', isActive: true }, signal)
          }
          getOptionLabel={(party) => party.name}
          getOptionKey={(party) => String(party.id)}
          renderOption={(party) => (
            <Stack gap={0}>
              <Text size="sm">{party.name}</Text>
              {party.address && (
                <Text size="xs" c="dimmed">
                  {party.address}
                </Text>
              )}
            </Stack>
          )}
          error={fieldState.error?.message}
          errorDisplay="line"
        />
        <PlainGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing={0}>
          <TextField<BillOfLadingForm>
            name={`${which}.name`}
            label={`Notify Party ${number} Name in BL`}
            maxLength={200}
          />
          <TextField<BillOfLadingForm>
            name={`${which}.email`}
            label={`Notify Party ${number} Mail`}
            type="email"
            maxLength={254}
          />
          <TextField<BillOfLadingForm>
            name={`${which}.phone`}
            label={`Notify Party ${number} Phone`}
            normalize={phoneCharacters}
            type="tel"
            inputMode="tel"
            maxLength={20}
          />
        </PlainGrid>
        <TextField<BillOfLadingForm>
          name={`${which}.address`}
          label={`Notify Party ${number} Address`}
          maxLength={500}
        />
      </Stack>
    </Paper>
  );
}
