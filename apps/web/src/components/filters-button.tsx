import { Button } from '@mantine/core';
import { PlainBadge } from './plain-badge';
/** On phones, the button that opens a list's filters (in a drawer), with how many are in use. */
export function FiltersButton({ active, onClick }: { active: number; onClick: () => void }) {
  return (
    <Button
      variant="default"
      onClick={onClick}
      rightSection={
        active > 0 ? (
          <PlainBadge size="sm" circle aria-label={`${active} active`}>
            {active}
          </PlainBadge>
        ) : null
      }
    >
      Filters
    </Button>
  );
}
