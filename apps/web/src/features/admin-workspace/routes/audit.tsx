import { AUDIT_RECORD_TYPES, type AuditEvent } from '@lading/contract/admin-workspace';
import { Code, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DateInput } from '../../../components/date-input';
import { isDateValue } from '../../../components/form/date-text';
import { ListFilters, type ListNoun, ListPage, useListPage } from '../../../components/list-page';
import { OnDemandSelect } from '../../../components/on-demand-select';
import type { WorkListColumn } from '../../../components/work-list';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useAuditEvents } from '../api/find-audit-events';

type Filters = {
  recordType: string | null;
  recordId: string;
  user: string;
  action: string;
  from: string;
  to: string;
};
/** BILL_OF_LADING -> "Bill of lading": the record types as the screens name them. */
const recordTypeLabel = (type: string) => {
  if (type === 'API_CLIENT') return 'API client';
  const words = type.toLowerCase().replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Who acted: a user, a company's API client (its calls), or the system. */
const actorLabel = (event: AuditEvent) =>
  event.actor
    ? `${event.actor.name} (${event.actor.email})`
    : event.apiClient
      ? `API client ${event.apiClient.name} (${event.apiClient.company})`
      : 'System';

/** The record: an API client by its name and company besides its id (the filter by record takes the id). */
const recordLabel = (event: AuditEvent) =>
  event.apiClient
    ? `API client #${event.recordId} “${event.apiClient.name}”, ${event.apiClient.company}`
    : `${recordTypeLabel(event.recordType)} #${event.recordId}`;

const EMPTY: Filters = { recordType: null, recordId: '', user: '', action: '', from: '', to: '' };
const ENTRIES: ListNoun = { one: 'entry', many: 'entries' };
const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The filters by the API's names, as their fields are labelled. */
const FILTER_LABELS: Record<string, string> = {
  record_type: 'Record type',
  record_id: 'Record id',
  user: 'User',
  action: 'Action',
  from: 'From',
  to: 'To',
};
/**
 * A refused filter named as the screen labels it ("To: …"), not as the API does ("to: …"): on a phone the fields
 * (marked too) are in the closed drawer, so this is what the user reads.
 */
const filterErrorText = (error: ApiError) => {
  const fields = Object.entries(error.fields);
  if (fields.length === 0) return error.message;
  return fields.map(([field, problem]) => `${FILTER_LABELS[field] ?? field}: ${problem}`).join(' ');
};

const show = (value: unknown) =>
  value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

function Details({ event }: { event: AuditEvent }) {
  return (
    <Stack gap={2}>
      {event.changes.slice(0, 5).map((change) => (
        <Text size="xs" key={change.field} style={{ overflowWrap: 'anywhere' }}>
          <Code>{change.field}</Code> {show(change.before)} → {show(change.after)}
        </Text>
      ))}
      {event.changes.length > 5 && <Text size="xs">and {event.changes.length - 5} more changes</Text>}
      {event.comment && (
        <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
          “{event.comment}”
        </Text>
      )}
      {event.changes.length === 0 && !event.comment && <Text size="xs">—</Text>}
    </Stack>
  );
}

/** The audit trail, newest first: by record (type + id), user, action and a range of days (ADMIN.AUDIT.VIEW). */
export function AuditPage() {
  const { filters, set, range, pages } = useListPage<Filters>(EMPTY);
  const [debounced] = useDebouncedValue(filters, 300);
  const recordId = /^\d{1,9}$/.test(debounced.recordId) ? Number(debounced.recordId) : undefined;
  const list = useAuditEvents({
    recordType: debounced.recordType ?? undefined,
    recordId,
    user: debounced.user,
    action: debounced.action,
    from: isDate(debounced.from) ? debounced.from : undefined,
    to: isDate(debounced.to) ? debounced.to : undefined,
    ...range,
  });
  const columns: WorkListColumn<AuditEvent>[] = [
    {
      label: 'When',
      render: (event) => `${formatDate(event.at)} ${event.at.slice(11, 16)} UTC`,
    },
    {
      label: 'User',
      render: actorLabel,
    },
    { label: 'Record', render: recordLabel },
    {
      label: 'Action',
      render: (event) =>
        `${event.action}${event.fromStatus || event.toStatus ? ` (${event.fromStatus ?? '—'} → ${event.toStatus ?? '—'})` : ''}`,
    },
    { label: 'Details', render: (event) => <Details event={event} /> },
  ];
  const activeFilters = (Object.keys(EMPTY) as (keyof Filters)[]).filter(
    (key) => filters[key] !== EMPTY[key],
  ).length;
  const fieldErrors = list.error instanceof ApiError ? list.error.fields : {};
  return (
    <ListPage
      title="Audit trail"
      filters={
        <ListFilters
          label="Filter the audit trail"
          cols={{ base: 1, xs: 2, md: 3 }}
          active={activeFilters}
          onClear={() => set(EMPTY)}
          count={list.data?.count}
          noun={ENTRIES}
        >
          <OnDemandSelect
            label="Record type"
            placeholder="Any"
            clearable
            data={AUDIT_RECORD_TYPES.map((value) => ({ value, label: recordTypeLabel(value) }))}
            value={filters.recordType}
            onChange={(recordType) => set({ recordType })}
            error={fieldErrors.record_type}
          />
          <TextInput
            label="Record id"
            inputMode="numeric"
            value={filters.recordId}
            onChange={(event) => set({ recordId: event.currentTarget.value.replace(/\D/g, '').slice(0, 9) })}
            error={fieldErrors.record_id}
          />
          <TextInput
            label="User (e-mail or name)"
            value={filters.user}
            maxLength={100}
            onChange={(event) => set({ user: event.currentTarget.value })}
            error={fieldErrors.user}
          />
          <TextInput
            label="Action"
            placeholder="e.g. APPROVED"
            value={filters.action}
            maxLength={40}
            onChange={(event) => set({ action: event.currentTarget.value })}
            error={fieldErrors.action}
          />
          <DateInput
            label="From"
            value={filters.from}
            onChange={(from) => {
              if (isDateValue(from)) set({ from });
            }}
            error={fieldErrors.from}
          />
          <DateInput
            label="To"
            value={filters.to}
            onChange={(to) => {
              if (isDateValue(to)) set({ to });
            }}
            error={fieldErrors.to}
          />
        </ListFilters>
      }
      noun={ENTRIES}
      countSuffix=", newest first"
      query={list}
      errorTitle="These filters cannot be used"
      errorMessage={list.error instanceof ApiError ? filterErrorText(list.error) : undefined}
      empty="Nothing matches these filters."
      columns={columns}
      pages={pages}
    />
  );
}
