import type { Port } from '@lading/contract/reference-data';
import type { Tariff } from '@lading/contract/tariffs';
import { useListPage } from '../../../components/list-page';
import { formatMoney } from '../../../lib/format-money';
import { useTariffs } from '../api/find-tariffs';
import { laneLabel } from '../components/desk-facts';
import { PortFilter } from '../components/tariff-fields';
import { TariffEditor } from '../components/tariff-form';
import { SEA_TARIFF } from '../components/tariff-lifecycle';
import {
  NO_TARIFF_FILTERS,
  type TariffFilters,
  TariffListPage,
  tariffFilterQuery,
} from '../components/tariff-list-page';

const chargesLabel = (tariff: Tariff) =>
  tariff.charges
    .map(
      (charge) =>
        `${charge.code} ${formatMoney(charge.amount, tariff.currency)}${charge.basis === 'PER_BL' ? '/bill' : ''}${charge.hazardousOnly ? ' (HAZ)' : ''}`,
    )
    .join(' · ');

type Filters = TariffFilters & { pol: Port | null; pod: Port | null };
const NO_FILTERS: Filters = { pol: null, pod: null, ...NO_TARIFF_FILTERS };

/**
 * Tariffs by lane, size-type, a day of validity and status (inactive ones marked); create, edit, deactivate,
 * reactivate and delete (while no quotation was priced from it) for holders of ADMIN.TARIFF.CREATE / EDIT.
 */
export function TariffsPage() {
  const page = useListPage<Filters, Tariff>(NO_FILTERS);
  const { filters, set: setFilter } = page;
  const list = useTariffs({
    polId: filters.pol?.id,
    podId: filters.pod?.id,
    ...tariffFilterQuery(filters),
    ...page.range,
  });
  return (
    <TariffListPage
      kind={SEA_TARIFF}
      title="Tariffs"
      page={page}
      noFilters={NO_FILTERS}
      query={list}
      what={{ label: 'Lane', render: (tariff) => laneLabel(tariff.pol, tariff.pod) }}
      price={{ label: 'Charges', render: chargesLabel }}
      kindFilters={
        <>
          <PortFilter label="Port of loading" value={filters.pol} onChange={(pol) => setFilter({ pol })} />
          <PortFilter label="Port of discharge" value={filters.pod} onChange={(pod) => setFilter({ pod })} />
        </>
      }
      editorSize="80rem"
      editor={(tariff, done) => <TariffEditor tariff={tariff} {...done} />}
    />
  );
}
