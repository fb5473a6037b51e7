import {
  BL_MESSAGES,
  isValidContainerNumber,
  isVgmOffExpected,
  VGM_METHODS,
} from '@lading/contract/bill-of-lading-rules';
import type { BillOfLadingForm, ContainerForm } from '@lading/contract/bills-of-lading';
import { formatAmount2, sumRounded2 } from '@lading/contract/decimal';
import type { PackageType } from '@lading/contract/reference-data';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ComponentProps, type Ref, useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { AnchorLink } from '../../../components/anchor-link';
import { SelectField } from '../../../components/form/choice-fields';
import { DecimalField, IntegerField } from '../../../components/form/number-fields';
import { TextField } from '../../../components/form/text-fields';
import { useOnDemand, useTakeFocus } from '../../../components/on-demand';
import { type Overlays, overlays } from '../../../components/overlays';
import { PlainAlert } from '../../../components/plain-alert';
import { PlainGrid } from '../../../components/plain-grid';
import plain from '../../../components/plain-table.module.css';
import { usePhoneLayout } from '../../../lib/phone-layout';
import { kgToTonnes } from './bl-format';
import classes from './containers-table.module.css';

/**
 * A warning mark with its message in a tooltip on hover and focus (and, as its name, for screen readers). The
 * tooltip's code is fetched with the first hover or focus (components/on-demand.ts).
 */
function Warning({ label }: { label: string }) {
  const { real, handoff, request, standIn } = useOnDemand<Overlays, HTMLSpanElement>(overlays);
  const [shown, setShown] = useState(false);
  const show = () => {
    setShown(true);
    request();
  };
  const events = {
    onPointerEnter: show,
    onPointerLeave: () => setShown(false),
    onFocus: show,
    onBlur: () => setShown(false),
  };
  if (real)
    return (
      <TooltipWarning
        Tooltip={real.Tooltip}
        label={label}
        shown={shown}
        focus={handoff.focus}
        events={events}
      />
    );
  return <WarningMark ref={standIn} label={label} {...events} />;
}

type WarningEvents = Pick<ComponentProps<'span'>, 'onPointerEnter' | 'onPointerLeave' | 'onFocus' | 'onBlur'>;

function WarningMark({ label, ...rest }: { label: string; ref?: Ref<HTMLSpanElement> } & WarningEvents) {
  return (
    <Text component="span" c="orange.9" fw={700} aria-label={label} role="img" tabIndex={0} {...rest}>
      ⚠
    </Text>
  );
}

function TooltipWarning({
  Tooltip,
  label,
  shown,
  focus,
  events,
}: {
  Tooltip: Overlays['Tooltip'];
  label: string;
  shown: boolean;
  focus: boolean;
  events: WarningEvents;
}) {
  const ref = useTakeFocus<HTMLSpanElement>(focus);
  return (
    <Tooltip label={label} multiline w={240} withArrow opened={shown}>
      <WarningMark ref={ref} label={label} {...events} />
    </Tooltip>
  );
}

type Options = { value: string; label: string }[];

const vgmWarning = (row: Pick<ContainerForm, 'cargoGrossWeight' | 'tareWeight'>) =>
  `VGM differs from cargo gross + tare (${formatAmount2(sumRounded2([row.cargoGrossWeight, row.tareWeight]))} kg) by more than 5 %.`;
const DECLARED = 'From the SOLAS VGM declaration: change it on the VGM screen';
const checkDigitWarning = (no: string) =>
  `${no}: the ISO 6346 check digit does not match. Please check the container number.`;

/**
 * The editable cells of one container; `labelled` shows the labels (phone cards) instead of column headers. A VGM
 * declared on the VGM screen (`declared`) is shown, not edited: the bill keeps the declaration's.
 */
function containerCells({
  index,
  no,
  packageOptions,
  labelled,
  declared,
}: {
  index: number;
  no: string;
  packageOptions: Options;
  labelled: boolean;
  declared: boolean;
}) {
  const name = (label: string) => (labelled ? label : `${label}, container ${no}`);
  const common = { hideLabel: !labelled, errorDisplay: labelled ? ('line' as const) : ('hidden' as const) };
  return {
    seal: (
      <TextField<BillOfLadingForm>
        name={`containers.${index}.sealNumber`}
        label={name('Seal No')}
        maxLength={40}
        {...common}
      />
    ),
    packageType: (
      <SelectField<BillOfLadingForm>
        name={`containers.${index}.packageType`}
        label={name('Package Type')}
        required
        numeric
        data={packageOptions}
        placeholder="Choose"
        {...common}
      />
    ),
    packages: (
      <IntegerField<BillOfLadingForm>
        name={`containers.${index}.numberOfPackage`}
        label={name('No of Packages')}
        required
        {...common}
      />
    ),
    gross: (
      <DecimalField<BillOfLadingForm>
        name={`containers.${index}.cargoGrossWeight`}
        label={name('Cargo Gross Weight (KG)')}
        required
        {...common}
      />
    ),
    measurement: (
      <DecimalField<BillOfLadingForm>
        name={`containers.${index}.measurement`}
        label={name('Measurement (CBM)')}
        required
        {...common}
      />
    ),
    vgm: (
      <DecimalField<BillOfLadingForm>
        name={`containers.${index}.vgm`}
        label={name('VGM (kg)')}
        required
        readOnly={declared}
        description={declared && labelled ? DECLARED : undefined}
        title={declared ? DECLARED : undefined}
        {...common}
      />
    ),
    vgmMethod: (
      <SelectField<BillOfLadingForm>
        name={`containers.${index}.vgmMethod`}
        label={name('VGM Method')}
        required
        searchable={false}
        data={[...VGM_METHODS]}
        placeholder="Choose"
        readOnly={declared}
        title={declared ? DECLARED : undefined}
        {...common}
      />
    ),
  };
}

function useContainerRows() {
  const { fields } = useFieldArray<BillOfLadingForm, 'containers', 'key'>({
    name: 'containers',
    keyName: 'key',
  });
  const rows = useWatch<BillOfLadingForm, 'containers'>({ name: 'containers' });
  return fields.map((row, index) => ({ key: row.key, index, row, current: rows?.[index] ?? row }));
}

/** Desktop: one row per container; the table fits a 1440 px screen, narrower ones scroll it with the keyboard too. */
function ContainersGrid({
  packageOptions,
  declared,
}: {
  packageOptions: Options;
  declared: ReadonlySet<number>;
}) {
  const rows = useContainerRows();
  return (
    <div className={classes.scroller} data-testid="containers-scroller">
      <table data-bordered data-column-borders className={`${plain.table} ${classes.table}`}>
        <thead>
          <tr>
            <th scope="col" className={classes.sticky}>
              Container No.
            </th>
            <th scope="col">Type</th>
            <th scope="col">Tare Weight (Tone)</th>
            <th scope="col">Seal No</th>
            <th scope="col">Package Type</th>
            <th scope="col">No of Packages</th>
            <th scope="col">Cargo Gross Weight (KG)</th>
            <th scope="col">Measurement (CBM)</th>
            <th scope="col">VGM (kg)</th>
            <th scope="col">VGM Method</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ key, index, row, current }) => {
            const no = row.containerNumber;
            const warned = isVgmOffExpected(current);
            const cells = containerCells({
              index,
              no,
              packageOptions,
              labelled: false,
              declared: declared.has(row.containerId),
            });
            // Striped per container: a warning's row takes its container's stripe.
            const stripe = index % 2 === 0 ? { 'data-stripe': true } : {};
            return [
              <tr key={key} {...stripe} data-warned={warned || undefined}>
                <th scope="row" className={classes.sticky}>
                  <Group gap={4} wrap="nowrap">
                    <Text size="sm" ff="monospace">
                      {no}
                    </Text>
                    {!isValidContainerNumber(no) && <Warning label={checkDigitWarning(no)} />}
                  </Group>
                </th>
                <td>{row.containerType}</td>
                <td>{kgToTonnes(row.tareWeight)}</td>
                <td className={classes.seal}>{cells.seal}</td>
                <td className={classes.choice}>{cells.packageType}</td>
                <td className={classes.count}>{cells.packages}</td>
                <td className={classes.amount}>{cells.gross}</td>
                <td className={classes.amount}>{cells.measurement}</td>
                <td className={classes.amount}>{cells.vgm}</td>
                <td className={classes.method}>{cells.vgmMethod}</td>
              </tr>,
              // The warning in words, under its container (the VGM cell keeps its whole width for the value).
              warned && (
                <tr key={`${key}-vgm-warning`} {...stripe} className={classes.warningRow}>
                  <td className={classes.sticky} aria-hidden="true" />
                  <td colSpan={9}>
                    <Text size="sm" c="#9a3c00" role="status">
                      ⚠ {no}: {vgmWarning(current)}
                    </Text>
                  </td>
                </tr>
              ),
            ];
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: each container is a card with labelled fields, stacked; nothing scrolls sideways. */
function ContainerCards({
  packageOptions,
  declared,
}: {
  packageOptions: Options;
  declared: ReadonlySet<number>;
}) {
  const rows = useContainerRows();
  return (
    <Stack gap="sm">
      {rows.map(({ key, index, row, current }) => {
        const no = row.containerNumber;
        const warned = isVgmOffExpected(current);
        const cells = containerCells({
          index,
          no,
          packageOptions,
          labelled: true,
          declared: declared.has(row.containerId),
        });
        const headingId = `container-${index}-heading`;
        return (
          <Paper
            key={key}
            withBorder
            p="sm"
            radius="md"
            component="section"
            aria-labelledby={headingId}
            data-testid="container-card"
          >
            <Stack gap={4}>
              <Group justify="space-between" wrap="nowrap" align="baseline">
                <Group gap={4} wrap="nowrap">
                  <Title order={3} size="h5" ff="monospace" id={headingId}>
                    {no}
                  </Title>
                  {!isValidContainerNumber(no) && <Warning label={checkDigitWarning(no)} />}
                </Group>
                <Text size="sm" c="dimmed">
                  {row.containerType} · tare {kgToTonnes(row.tareWeight)} t
                </Text>
              </Group>
              <PlainGrid cols={2} spacing="sm" verticalSpacing={0}>
                {cells.seal}
                {cells.packages}
              </PlainGrid>
              {cells.packageType}
              <PlainGrid cols={2} spacing="sm" verticalSpacing={0}>
                {cells.gross}
                {cells.measurement}
                {cells.vgm}
                {cells.vgmMethod}
              </PlainGrid>
              {warned && (
                <Text size="sm" c="#9a3c00" role="status">
                  ⚠ {vgmWarning(current)}
                </Text>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

const NONE_DECLARED: ReadonlySet<number> = new Set();

/**
 * Container Details (specification section 2): ten columns; number, type and tare read-only; warnings advise, never
 * block. The VGM of a container in `declared` (ids) comes from the booking's SOLAS declaration and is read-only here;
 * with the booking's id, a link opens its VGM screen.
 */
export function ContainersTable({
  packageTypes,
  declared = NONE_DECLARED,
  bookingId = null,
}: {
  packageTypes: readonly PackageType[];
  declared?: ReadonlySet<number>;
  bookingId?: number | null;
}) {
  const count = useWatch<BillOfLadingForm, 'containers'>({ name: 'containers' })?.length ?? 0;
  const isPhone = usePhoneLayout();
  const packageOptions = packageTypes.map((p) => ({ value: String(p.id), label: `${p.name} (${p.code})` }));

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="containers-heading">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} size="h4" id="containers-heading">
            Container Details
          </Title>
          {bookingId !== null && count > 0 && (
            <AnchorLink
              to="/app-dashboard/app-vgm/$bookingId"
              params={{ bookingId: String(bookingId) }}
              size="sm"
            >
              VGM declarations (SOLAS)
            </AnchorLink>
          )}
        </Group>
        {declared.size > 0 && (
          <Text size="sm" c="dimmed">
            The VGM and VGM method of a container declared on the VGM screen come from its declaration.
          </Text>
        )}
        {count === 0 ? (
          <PlainAlert color="gray" role="status">
            {BL_MESSAGES.noContainers}
          </PlainAlert>
        ) : isPhone ? (
          <ContainerCards packageOptions={packageOptions} declared={declared} />
        ) : (
          <ContainersGrid packageOptions={packageOptions} declared={declared} />
        )}
      </Stack>
    </Paper>
  );
}
