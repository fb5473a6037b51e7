import type { Port } from '@lading/contract/reference-data';
import type { Tariff } from '@lading/contract/tariffs';
import {
  Alert,
  Badge,
  Box,
  Button,
  Drawer,
  Group,
  Modal,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { AnchorLink } from '../../../components/anchor-link';
import { PageFrame } from '../../../components/page-frame';
import { Typeahead } from '../../../components/typeahead';
import { WorkList, type WorkListColumn } from '../../../components/work-list';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { usePhoneLayout } from '../../../lib/phone-layout';
import { useTariffs } from '../api/find-tariffs';
import { laneLabel } from '../components/desk-facts';
import { searchSeaPorts, TariffEditor, useSizeTypeOptions } from '../components/tariff-form';

const PAGE_SIZE = 20;

const chargesLabel = (tariff: Tariff) =>
  tariff.charges
    .map(
      (charge) =>
        `${charge.code} ${formatMoney(charge.amount, tariff.currency)}${charge.basis === 'PER_BL' ? '/bill' : ''}${charge.hazardousOnly ? ' (HAZ)' : ''}`,
    )
    .join(' · ');

const portLabel = (port: Port) => `${port.name} (${port.code})`;

type Filters = { pol: Port | null; pod: Port | null; isoCode: string | null; validOn: string };

/** Tariffs by lane, size-type and a day of validity; create and edit for holders of ADMIN.TARIFF.CREATE / EDIT. */
export function TariffsPage() {
  const can = useCan();
  const isPhone = usePhoneLayout();
  const sizeTypes = useSizeTypeOptions();
  const [filters, setFilters] = useState<Filters>({ pol: null, pod: null, isoCode: null, validOn: '' });
  const [page, setPage] = useState(1);
  const [filtersOpened, setFiltersOpened] = useState(false);
  // null: closed; 'new': a new tariff; else the tariff being edited.
  const [editing, setEditing] = useState<Tariff | 'new' | null>(null);
  const list = useTariffs({
    polId: filters.pol?.id,
    podId: filters.pod?.id,
    isoCode: filters.isoCode ?? undefined,
    validOn: /^\d{4}-\d{2}-\d{2}$/.test(filters.validOn) ? filters.validOn : undefined,
    skip: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  });
  const setFilter = (next: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };
  const columns: WorkListColumn<Tariff>[] = [
    { label: 'Lane', render: (tariff) => laneLabel(tariff.pol, tariff.pod) },
    { label: 'Size-type', render: (tariff) => tariff.isoCode },
    {
      label: 'Validity',
      render: (tariff) => `${formatDate(tariff.validFrom)} – ${formatDate(tariff.validTo)}`,
    },
    { label: 'Charges', render: chargesLabel },
    ...(can('ADMIN.TARIFF.EDIT')
      ? [
          {
            label: 'Actions',
            render: (tariff: Tariff) => (
              <Button
                size="xs"
                variant="default"
                onClick={() => setEditing(tariff)}
                aria-label={`Edit tariff ${tariff.pol.code} to ${tariff.pod.code} ${tariff.isoCode} from ${tariff.validFrom}`}
              >
                Edit
              </Button>
            ),
          },
        ]
      : []),
  ];
  const activeFilters = [filters.pol, filters.pod, filters.isoCode, filters.validOn || null].filter(
    (value) => value !== null,
  ).length;
  // The same fields in the panel (wide screens) and in the drawer (phones, section 9).
  const filterFields = (
    <>
      <Typeahead<Port>
        label="Port of loading"
        value={filters.pol}
        onChange={(pol) => setFilter({ pol })}
        search={searchSeaPorts}
        getOptionLabel={portLabel}
        getOptionKey={(port) => String(port.id)}
        placeholder="Any"
      />
      <Typeahead<Port>
        label="Port of discharge"
        value={filters.pod}
        onChange={(pod) => setFilter({ pod })}
        search={searchSeaPorts}
        getOptionLabel={portLabel}
        getOptionKey={(port) => String(port.id)}
        placeholder="Any"
      />
      <Select
        label="Size-type"
        placeholder="Any"
        clearable
        searchable
        data={sizeTypes}
        value={filters.isoCode}
        onChange={(isoCode) => setFilter({ isoCode })}
      />
      <TextInput
        label="Valid on"
        type="date"
        value={filters.validOn}
        onChange={(event) => setFilter({ validOn: event.currentTarget.value })}
      />
    </>
  );
  const pages = list.data ? Math.max(1, Math.ceil(list.data.count / PAGE_SIZE)) : 1;
  return (
    <PageFrame
      title="Tariffs"
      actions={
        <AnchorLink to="/app-dashboard-admin" size="sm">
          Back to the admin dashboard
        </AnchorLink>
      }
    >
      {isPhone ? (
        <Group>
          <Button
            variant="default"
            onClick={() => setFiltersOpened(true)}
            rightSection={
              activeFilters > 0 ? (
                <Badge size="sm" circle aria-label={`${activeFilters} active`}>
                  {activeFilters}
                </Badge>
              ) : null
            }
          >
            Filters
          </Button>
        </Group>
      ) : (
        <Paper withBorder p="md" radius="md" component="search" aria-label="Filter tariffs">
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
            {filterFields}
          </SimpleGrid>
        </Paper>
      )}
      <Drawer
        opened={isPhone && filtersOpened}
        onClose={() => setFiltersOpened(false)}
        title="Filter tariffs"
        position="bottom"
        size="auto"
        closeButtonProps={{ 'aria-label': 'Close filters' }}
      >
        <Box component="search" aria-label="Filter tariffs">
          <Stack gap="sm">
            {filterFields}
            <Group justify="space-between" mt="xs">
              <Button
                variant="subtle"
                disabled={activeFilters === 0}
                onClick={() => setFilter({ pol: null, pod: null, isoCode: null, validOn: '' })}
              >
                Clear filters
              </Button>
              <Button onClick={() => setFiltersOpened(false)}>
                {list.data
                  ? `Show ${list.data.count} tariff${list.data.count === 1 ? '' : 's'}`
                  : 'Show results'}
              </Button>
            </Group>
          </Stack>
        </Box>
      </Drawer>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Text size="sm" aria-live="polite">
              {list.data ? `${list.data.count} tariff${list.data.count === 1 ? '' : 's'}` : ' '}
            </Text>
            {can('ADMIN.TARIFF.CREATE') && <Button onClick={() => setEditing('new')}>New tariff</Button>}
          </Group>
          {list.isPending && <Skeleton height={120} />}
          {list.isError && (
            <Alert color="red" title="Could not load the tariffs">
              Please try again in a moment.
            </Alert>
          )}
          {list.data && list.data.results.length === 0 && (
            <Text c="dimmed">No tariff matches these filters.</Text>
          )}
          {list.data && list.data.results.length > 0 && (
            <WorkList caption="Tariffs" items={list.data.results} columns={columns} />
          )}
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            />
          )}
        </Stack>
      </Paper>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing === 'new'
            ? 'New tariff'
            : editing
              ? `Edit tariff ${editing.pol.code} → ${editing.pod.code} ${editing.isoCode}`
              : ''
        }
        size="80rem"
        fullScreen={isPhone}
      >
        {editing !== null && (
          <TariffEditor
            key={editing === 'new' ? 'new' : `${editing.id}-${editing.version}`}
            tariff={editing === 'new' ? null : editing}
            onSaved={() => setEditing(null)}
            onCancel={() => setEditing(null)}
            onReload={() => {
              setEditing(null);
              void list.refetch();
            }}
          />
        )}
      </Modal>
    </PageFrame>
  );
}
