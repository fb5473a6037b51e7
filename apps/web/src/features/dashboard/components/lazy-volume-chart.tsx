import { Skeleton } from '@mantine/core';
import { type ComponentProps, lazy, Suspense } from 'react';

const VolumeChart = lazy(() => import('./volume-chart'));

/** The chart module (and recharts) loads only when a dashboard shows a chart. */
export function LazyVolumeChart(props: ComponentProps<typeof VolumeChart>) {
  return (
    <Suspense fallback={<Skeleton height={260} aria-label="Loading the chart" />}>
      <VolumeChart {...props} />
    </Suspense>
  );
}
