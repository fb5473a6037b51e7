import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Table, VisuallyHidden } from '@mantine/core';
import classes from './volume-chart.module.css';

export type VolumeRow = { label: string; containers: number; teu: number };

const SERIES = [
  { name: 'containers', label: 'Containers', color: 'blue.7' },
  { name: 'teu', label: 'TEU', color: 'teal.7' },
];

/**
 * Containers and TEU as grouped bars (@mantine/charts over recharts; loaded lazily, so the dashboards' first load
 * does not carry it). The same figures are in a table for screen readers; the drawing itself is hidden from them.
 */
export default function VolumeChart({
  rows,
  caption,
  rowHeader,
  orientation = 'horizontal',
}: {
  rows: VolumeRow[];
  caption: string;
  rowHeader: string;
  orientation?: 'horizontal' | 'vertical';
}) {
  const height = orientation === 'vertical' ? Math.max(160, rows.length * 44 + 60) : 260;
  return (
    <>
      <div aria-hidden="true" className={classes.frame} data-testid="volume-chart">
        <BarChart
          h={height}
          data={rows}
          dataKey="label"
          series={SERIES}
          orientation={orientation}
          withLegend
          // The drawing is hidden from assistive technology (the table below carries the figures), so it must
          // not take keyboard focus either.
          barChartProps={{ accessibilityLayer: false }}
          tickLine="none"
          gridAxis={orientation === 'vertical' ? 'x' : 'y'}
          yAxisProps={orientation === 'vertical' ? { width: 110 } : { allowDecimals: false }}
          xAxisProps={orientation === 'vertical' ? { allowDecimals: false } : undefined}
        />
      </div>
      <VisuallyHidden>
        <Table>
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{rowHeader}</Table.Th>
              <Table.Th scope="col">Containers</Table.Th>
              <Table.Th scope="col">TEU</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.label}>
                <Table.Th scope="row">{row.label}</Table.Th>
                <Table.Td>{row.containers}</Table.Td>
                <Table.Td>{row.teu}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </>
  );
}
