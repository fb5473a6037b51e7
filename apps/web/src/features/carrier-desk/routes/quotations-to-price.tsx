import type { Quotation } from '@lading/contract/quotations';
import { AnchorLink } from '../../../components/anchor-link';
import type { WorkListColumn } from '../../../components/work-list';
import { formatDate } from '../../../lib/format';
import { useQuotationsToPrice } from '../api/find-quotations-to-price';
import { customerLabel, equipmentLabel, laneLabel } from '../components/desk-facts';
import { WorkListPage } from '../components/work-list-page';

const COLUMNS: WorkListColumn<Quotation>[] = [
  {
    label: 'Quotation',
    render: (quotation) => (
      <AnchorLink
        to="/app-dashboard-admin/quotations-to-price/$id"
        params={{ id: String(quotation.id) }}
        fw={600}
      >
        {quotation.number}
      </AnchorLink>
    ),
  },
  { label: 'Customer', render: (quotation) => customerLabel(quotation.customer) },
  { label: 'Lane', render: (quotation) => laneLabel(quotation.pol, quotation.pod) },
  { label: 'Equipment', render: (quotation) => equipmentLabel(quotation.equipment) },
  { label: 'Cargo', render: (quotation) => `${quotation.cargoType} · ${quotation.commodity}` },
  { label: 'Cargo ready', render: (quotation) => formatDate(quotation.cargoReadyDate) },
  { label: 'Requested', render: (quotation) => formatDate(quotation.createdAt) },
];

/** The on-request enquiries (no tariff matched) waiting for a price, oldest first. */
export function QuotationsToPricePage() {
  return (
    <WorkListPage
      title="Quotations to price"
      intro="Enquiries no tariff could price. Oldest first; the customer is told as soon as you send a price."
      list={useQuotationsToPrice()}
      columns={COLUMNS}
      loadError="Could not load the quotations"
      empty="Nothing to price: every enquiry has a price."
    />
  );
}
