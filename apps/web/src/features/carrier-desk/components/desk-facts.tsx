import type { CustomerRef, EquipmentLine } from '@lading/contract/quotations';
import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled fact of a request (lane, cargo, dates). */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children ?? '—'}
      </Text>
    </Stack>
  );
}

type PortRef = { code: string; name: string } | null | undefined;

/** "Nhava Sheva (INNSA) → Jebel Ali (AEJEA)". */
export function laneLabel(pol: PortRef, pod: PortRef): string {
  const port = (ref: PortRef) => (ref ? `${ref.name} (${ref.code})` : '—');
  return `${port(pol)} → ${port(pod)}`;
}

/** "2 × 22G1, 1 × 45G1". */
export function equipmentLabel(equipment: readonly Pick<EquipmentLine, 'isoCode' | 'quantity'>[]): string {
  return equipment.map((line) => `${line.quantity} × ${line.isoCode}`).join(', ') || '—';
}

/** "2 × 22G1 · 18,000 kg each". */
export function equipmentLineLabel(
  line: Pick<EquipmentLine, 'isoCode' | 'quantity' | 'weightPerUnit' | 'weightUnit'>,
) {
  return `${line.quantity} × ${line.isoCode} · ${new Intl.NumberFormat().format(line.weightPerUnit)} ${line.weightUnit} each`;
}

/** "Demo Exports Pvt Ltd · Dev Customer", or the e-mail's owner when no company is approved yet. */
export function customerLabel(customer: CustomerRef): string {
  return `${customer.companyName ?? 'No company yet'} · ${customer.name || customer.email}`;
}
