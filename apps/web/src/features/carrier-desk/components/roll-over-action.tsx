import type { Shipment } from '@lading/contract/shipments';
import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useReturnFocusOnClose } from '../../../lib/focus-return';
import { useCan } from '../../../lib/permissions';
import { canRollOver } from './roll-over';

/** The dialog (its modal, form and the lane's sailings) is fetched when it is first opened. */
const RollOverModal = lazy(() =>
  import('./roll-over-modal').then((module) => ({ default: module.RollOverModal })),
);

/**
 * "Roll over to another sailing…" under a shipment's transport plan, for carrier staff holding
 * ADMIN.BOOKING.CONFIRM while the booking is REQUESTED or CONFIRMED; nothing otherwise. The app hands it to the
 * bookings feature's shipment page (app/shipment-route.tsx).
 */
export function RollOverAction({ shipment }: { shipment: Shipment }) {
  const can = useCan();
  const [opened, setOpened] = useState(false);
  // Mounted from the first press on (lazily loaded, so it mounts open): the focus goes back to the button on close.
  const [loaded, setLoaded] = useState(false);
  const afterClose = useReturnFocusOnClose(opened);
  const { booking } = shipment;
  if (!can('ADMIN.BOOKING.CONFIRM') || !canRollOver(booking)) return null;
  const load = shipment.legs.find((leg) => !leg.planned)?.load;
  return (
    <>
      <Button
        variant="light"
        mt="sm"
        aria-haspopup="dialog"
        onClick={() => {
          setLoaded(true);
          setOpened(true);
        }}
      >
        Roll over to another sailing…
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <RollOverModal
            opened={opened}
            onClosed={afterClose}
            onClose={() => setOpened(false)}
            booking={booking}
            departure={load ? { etd: load.etd, timeZone: load.port.timeZone } : null}
          />
        </Suspense>
      )}
    </>
  );
}
