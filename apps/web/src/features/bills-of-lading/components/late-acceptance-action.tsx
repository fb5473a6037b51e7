import type { Shipment, ShipmentTask } from '@lading/contract/shipments';
import { Box, Button, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useNow } from '../../../lib/deadline';
import { useReturnFocusOnClose } from '../../../lib/focus-return';
import { useCan } from '../../../lib/permissions';
import { type LateAcceptanceContext, offersLateAcceptance, TASK_NAMES } from './late-acceptance';

/** The dialog (its modal, form and schema) is fetched when it is first opened, not with the shipment page. */
const LateAcceptanceModal = lazy(() =>
  import('./late-acceptance-modal').then((module) => ({ default: module.LateAcceptanceModal })),
);

/**
 * "Accept late…" beside a shipment's SI or VGM task, for carrier staff holding ADMIN.BL_REVIEW.APPROVE, when the
 * task's cut-off has passed or is near (`offersLateAcceptance`) and its bill is not issued; nothing otherwise. The
 * app hands it to the bookings feature's shipment page (app/shipment-route.tsx).
 */
export function LateAcceptanceAction({ task, shipment }: { task: ShipmentTask; shipment: Shipment }) {
  const can = useCan();
  const now = useNow();
  const [opened, setOpened] = useState(false);
  // Mounted from the first press on (lazily loaded, so it mounts open): the focus goes back to the button on close.
  const [loaded, setLoaded] = useState(false);
  const afterClose = useReturnFocusOnClose(opened);
  const { bill } = shipment;
  if (!bill || !task.at || !can('ADMIN.BL_REVIEW.APPROVE') || !offersLateAcceptance(task, bill, now))
    return null;
  // The booking's own sailing at the port of loading: its departure bounds the acceptance.
  const leg = shipment.legs.find((candidate) => !candidate.planned);
  const context: LateAcceptanceContext = {
    cutOff: task.cutOff,
    at: task.at,
    port: task.port,
    departure: leg
      ? { vesselName: leg.vessel.name, carrierVoyageNumber: leg.carrierVoyageNumber, etd: leg.load.etd }
      : null,
  };
  return (
    <Box mt={6}>
      <Button
        size="compact-sm"
        variant="light"
        onClick={() => {
          setLoaded(true);
          setOpened(true);
        }}
        aria-haspopup="dialog"
        data-testid={`accept-late-${task.code}`}
      >
        Accept late…
        <VisuallyHidden>
          {' '}
          ({TASK_NAMES[task.cutOff]} of {bill.number})
        </VisuallyHidden>
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <LateAcceptanceModal
            opened={opened}
            onClosed={afterClose}
            onClose={() => setOpened(false)}
            bill={bill}
            context={context}
            lateUntil={task.lateUntil}
          />
        </Suspense>
      )}
    </Box>
  );
}
