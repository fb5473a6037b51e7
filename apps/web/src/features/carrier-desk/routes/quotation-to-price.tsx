import type { Quotation } from '@lading/contract/quotations';
import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { AnchorLink } from '../../../components/anchor-link';
import { PageFrame } from '../../../components/page-frame';
import { QueryStatus } from '../../../components/query-status';
import { formatDate } from '../../../lib/format';
import { formatMoney } from '../../../lib/format-money';
import { useCan } from '../../../lib/permissions';
import { useQuotation } from '../api/get-quotation';
import { customerLabel, equipmentLineLabel, Fact, laneLabel } from '../components/desk-facts';
import { PriceQuotationForm } from '../components/price-quotation-form';

const BackLink = () => (
  <AnchorLink to="/app-dashboard-admin/quotations-to-price" size="sm">
    Back to quotations to price
  </AnchorLink>
);

const inlandLabel = (inland: Quotation['pickup']) =>
  !inland
    ? 'At the port'
    : inland.kind === 'DOOR'
      ? `Door: ${inland.address}`
      : `Rail / ICD: ${inland.stationName ? `${inland.stationName} (${inland.stationCode})` : `station ${inland.stationId}`}`;

/** The enquiry as the customer made it: lane, equipment, cargo, dates. */
function EnquiryFacts({ quotation }: { quotation: Quotation }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group gap="xs">
          <Text fw={600}>Status</Text>
          <Badge color="#1b2a41" variant="filled" radius="sm">
            {quotation.status}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Fact label="Customer">{customerLabel(quotation.customer)}</Fact>
          <Fact label="Lane">{laneLabel(quotation.pol, quotation.pod)}</Fact>
          <Fact label="Equipment">
            {quotation.equipment.map((line) => (
              <div key={`${line.isoCode}-${line.quantity}-${line.weightPerUnit}`}>
                {equipmentLineLabel(line)}
              </div>
            ))}
          </Fact>
          <Fact label="Cargo">
            {quotation.cargoType}
            {quotation.hazardClass ? ` · ${quotation.hazardClass} · UN ${quotation.unNumber}` : ''} ·{' '}
            {quotation.hsCodeValue} {quotation.commodity}
          </Fact>
          <Fact label="Cargo ready">{formatDate(quotation.cargoReadyDate)}</Fact>
          <Fact label="Pick-up">{inlandLabel(quotation.pickup)}</Fact>
          <Fact label="Delivery">{inlandLabel(quotation.delivery)}</Fact>
          <Fact label="Requested">{formatDate(quotation.createdAt)}</Fact>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** A priced quotation: its charges and total as the server computed them. */
function PricedSummary({ quotation }: { quotation: Quotation }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="priced-title">
      <Stack gap="xs">
        <Title order={2} size="h5" id="priced-title">
          Price sent · valid until {formatDate(quotation.validUntil)}
        </Title>
        <Table.ScrollContainer minWidth={480}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Charge</Table.Th>
                <Table.Th scope="col">Basis</Table.Th>
                <Table.Th scope="col">Qty</Table.Th>
                <Table.Th scope="col" ta="right">
                  Amount
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {quotation.charges.map((charge, index) => (
                // Charges are a fixed list in the server's order; two may share a code.
                // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
                <Table.Tr key={index}>
                  <Table.Td>{charge.name}</Table.Td>
                  <Table.Td>{charge.basis === 'PER_BL' ? 'Per bill' : `Per ${charge.isoCode}`}</Table.Td>
                  <Table.Td>
                    {charge.quantity} × {formatMoney(charge.unitAmount, charge.currency)}
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(charge.amount, charge.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text fw={700} ta="right" data-testid="priced-total">
          Total {formatMoney(quotation.totalAmount, quotation.currency)}
        </Text>
      </Stack>
    </Paper>
  );
}

/** One on-request quotation: the enquiry and, for holders of ADMIN.QUOTATION.PRICE, the price form. */
export function QuotationToPricePage({ id }: { id: number }) {
  const quotation = useQuotation(id);
  const can = useCan();
  if (quotation.isPending || quotation.isError)
    return (
      <PageFrame title="Price quotation" actions={<BackLink />}>
        <QueryStatus
          query={quotation}
          skeletonHeight={240}
          errorTitle="Could not load the quotation"
          errorText="Please try again in a moment."
          notFoundText="There is no quotation with this id in your office."
        />
      </PageFrame>
    );
  const data = quotation.data;
  return (
    <PageFrame title={`Price quotation ${data.number}`} actions={<BackLink />}>
      <EnquiryFacts quotation={data} />
      {data.status === 'REQUESTED' && data.inlandOnRequest.length > 0 && (
        <Alert color="orange" title="Inland haulage on request" data-testid="inland-on-request">
          No active inland tariff covered{' '}
          {data.inlandOnRequest
            .map((leg) =>
              leg === 'PICKUP'
                ? `the pick-up (${inlandLabel(data.pickup)})`
                : `the delivery (${inlandLabel(data.delivery)})`,
            )
            .join(' or ')}
          . The price form has a line for it per size-type.
        </Alert>
      )}
      {data.status === 'REQUESTED' && can('ADMIN.QUOTATION.PRICE') && (
        <PriceQuotationForm quotation={data} onPriced={() => void quotation.refetch()} />
      )}
      {data.status === 'REQUESTED' && !can('ADMIN.QUOTATION.PRICE') && (
        <Alert color="gray" title="View only">
          Pricing quotations needs the quotation pricing permission.
        </Alert>
      )}
      {data.status !== 'REQUESTED' && data.totalAmount && <PricedSummary quotation={data} />}
      {data.status !== 'REQUESTED' && !data.totalAmount && (
        <Alert color="gray" title={`This quotation is ${data.status}`}>
          There is nothing to price.
        </Alert>
      )}
    </PageFrame>
  );
}

/** `/app-dashboard-admin/quotations-to-price/$id` (lazy-loaded with its page). */
export function QuotationToPriceRoute() {
  const { id } = useParams({ from: '/portal/app-dashboard-admin/quotations-to-price/$id' });
  return <QuotationToPricePage key={id} id={Number(id)} />;
}
