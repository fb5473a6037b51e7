import type { InlandMode, InlandTariff } from '@lading/contract/inland-tariffs';
import type { Port } from '@lading/contract/reference-data';
import { useListPage } from '../../../components/list-page';
import { OnDemandSelect } from '../../../components/on-demand-select';
import { formatMoney } from '../../../lib/format-money';
import { useInlandTariffs } from '../api/inland-tariffs';
import { InlandTariffEditor, MODE_OPTIONS } from '../components/inland-tariff-form';
import { INLAND_TARIFF, inlandLegLabel } from '../components/inland-tariff-mapping';
import { PortFilter } from '../components/tariff-fields';
import {
  NO_TARIFF_FILTERS,
  type TariffFilters,
  TariffListPage,
  tariffFilterQuery,
} from '../components/tariff-list-page';

type Filters = TariffFilters & { mode: string | null; port: Port | null };
const NO_FILTERS: Filters = { mode: null, port: null, ...NO_TARIFF_FILTERS };

/**
 * Inland haulage tariffs (issue 28 item 5): rail from a station or ICD to an Indian port, door by distance band to a
 * port, per size-type. Listed by mode, port, size-type, a day of validity and status; created, edited, deactivated,
 * reactivated and deleted (while no quotation was priced from it) under the sea tariffs' permissions, on the screen
 * both kinds share (tariff-list-page.tsx).
 */
export function InlandTariffsPage() {
  const page = useListPage<Filters, InlandTariff>(NO_FILTERS);
  const { filters, set: setFilter } = page;
  const list = useInlandTariffs({
    mode: (filters.mode as InlandMode | null) ?? undefined,
    portId: filters.port?.id,
    ...tariffFilterQuery(filters),
    ...page.range,
  });
  return (
    <TariffListPage
      kind={INLAND_TARIFF}
      title="Inland tariffs"
      page={page}
      noFilters={NO_FILTERS}
      query={list}
      what={{ label: 'Leg', render: inlandLegLabel }}
      price={{ label: 'Per container', render: (tariff) => formatMoney(tariff.amount, tariff.currency) }}
      kindFilters={
        <>
          <OnDemandSelect
            label="Mode"
            placeholder="Any"
            clearable
            data={MODE_OPTIONS}
            value={filters.mode}
            onChange={(mode) => setFilter({ mode })}
          />
          <PortFilter label="Port" value={filters.port} onChange={(port) => setFilter({ port })} />
        </>
      }
      editorSize="48rem"
      editor={(tariff, done) => <InlandTariffEditor tariff={tariff} {...done} />}
    />
  );
}
