import type { CarrierService } from '@lading/contract/voyages';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { AnchorLink } from '../../../components/anchor-link';
import { EditorModal, ListPage, useListPage } from '../../../components/list-page';
import { StatusPill } from '../../../components/status-pill';
import type { WorkListColumn } from '../../../components/work-list';
import { useCan } from '../../../lib/permissions';
import { useServices } from '../api/find-services';
import { GenerateVoyagesModal } from '../components/generate-voyages-modal';
import { ServiceEditor } from '../components/service-form';

/** "Nhava Sheva (INNSA) → Jebel Ali (AEJEA)", in calling order. */
const rotationLabel = (service: CarrierService) =>
  [...service.calls]
    .sort((a, b) => a.sequence - b.sequence)
    .map((call) => `${call.port.name} (${call.port.code}) day ${call.dayOffset}`)
    .join(' → ');

/**
 * The liner services: rotation, frequency, vessels and cut-offs. New and Edit follow ADMIN.SERVICE.CREATE / EDIT,
 * "Generate voyages" ADMIN.VOYAGE.CREATE (corporate staff), and each service links to its voyages.
 */
export function ServicesPage() {
  const can = useCan();
  const list = useServices();
  const { editor } = useListPage<object, CarrierService>({});
  const [generating, setGenerating] = useState<CarrierService | null>(null);
  const columns: WorkListColumn<CarrierService>[] = [
    {
      label: 'Service',
      render: (service) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {service.code} · {service.name}
          </Text>
          <Text size="xs" c="dimmed">
            {service.frequencyDays === 14 ? 'Fortnightly' : 'Weekly'} · voyages …{service.voyageSuffix}
          </Text>
        </Stack>
      ),
    },
    { label: 'Rotation', render: rotationLabel },
    {
      label: 'Vessels',
      render: (service) => service.vessels.map((vessel) => vessel.name).join(', ') || 'None deployed',
    },
    {
      label: 'Cut-offs',
      render: (service) =>
        // Each rule whole on its line ("DCO 48 h"): no break inside one.
        service.cutOffs.map((rule) => `${rule.code}\u00a0${rule.hoursBeforeDeparture}\u00a0h`).join(' · ') ||
        '—',
    },
    {
      label: 'Status',
      render: (service) => (
        <StatusPill
          status={service.active ? 'Active' : 'Inactive'}
          color={service.active ? '#1e6b30' : '#495057'}
        />
      ),
    },
    {
      label: 'Actions',
      actions: true,
      render: (service) => (
        <Group gap={6} wrap="wrap">
          {can('ADMIN.SERVICE.EDIT') && (
            <Button
              size="xs"
              variant="default"
              onClick={() => editor.open(service)}
              aria-label={`Edit service ${service.code}`}
            >
              Edit
            </Button>
          )}
          {can('ADMIN.VOYAGE.CREATE') && (
            <Button
              size="xs"
              variant="default"
              onClick={() => setGenerating(service)}
              aria-label={`Generate voyages of ${service.code}`}
            >
              Generate voyages
            </Button>
          )}
          {can('ADMIN.VOYAGE.VIEW') && (
            <AnchorLink
              to="/app-dashboard-admin/voyages"
              search={{ serviceId: service.id }}
              size="sm"
              aria-label={`Voyages of ${service.code}`}
            >
              Voyages
            </AnchorLink>
          )}
        </Group>
      ),
    },
  ];
  return (
    <ListPage
      title="Services"
      noun={{ one: 'service', many: 'services' }}
      query={list}
      onCreate={can('ADMIN.SERVICE.CREATE') ? () => editor.open('new') : undefined}
      empty="No service yet."
      columns={columns}
    >
      <EditorModal
        editor={editor}
        size="80rem"
        title={(service) => (service ? `Edit service ${service.code}` : 'New service')}
        onReload={list.refetch}
      >
        {(service, done) => (
          <ServiceEditor
            key={service ? `${service.id}-${service.version}` : 'new'}
            service={service}
            {...done}
          />
        )}
      </EditorModal>
      <GenerateVoyagesModal service={generating} onClose={() => setGenerating(null)} />
    </ListPage>
  );
}
