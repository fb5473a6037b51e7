import { Box, Button, Group, Stack } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { FiltersButton } from './filters-button';

/** Fetched when the Filters button is first pressed (then kept mounted for its transitions). */
const FiltersDrawer = lazy(() =>
  import('./filters-drawer').then((module) => ({ default: module.FiltersDrawer })),
);

/**
 * A list's filters on a phone: a "Filters" button (with how many are in use; `beside` it, e.g. a sort menu) that
 * opens the fields in a drawer from the bottom, with "Clear filters" and a button back to the results (`showLabel`,
 * "Show 12 entries"). The drawer is a `search` landmark named `label`. Used by `ListFilters` and the BL list.
 */
export function PhoneFilters({
  label,
  active,
  onClear,
  showLabel,
  beside,
  children,
}: {
  label: string;
  active: number;
  onClear: () => void;
  showLabel: string;
  beside?: ReactNode;
  children: ReactNode;
}) {
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <FiltersButton
          active={active}
          onClick={() => {
            setUsed(true);
            setOpened(true);
          }}
        />
        {beside}
      </Group>
      {used && (
        <Suspense fallback={null}>
          <FiltersDrawer opened={opened} onClose={() => setOpened(false)} title={label}>
            <Box component="search" aria-label={label}>
              <Stack gap="sm">
                {children}
                <Group justify="space-between" mt="xs">
                  {/* Never disabled: a button disabled under the keyboard's focus (by its own click) drops the focus. */}
                  <Button variant="subtle" size="sm" onClick={onClear}>
                    Clear filters
                  </Button>
                  <Button onClick={() => setOpened(false)}>{showLabel}</Button>
                </Group>
              </Stack>
            </Box>
          </FiltersDrawer>
        </Suspense>
      )}
    </>
  );
}
