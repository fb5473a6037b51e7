import { BUSY_DELAYS } from '@lading/contract/app-info';
import { useEffect, useState } from 'react';
import { usePendingCalls } from '../lib/busy';

/** Shows after `start` ms of continuous activity and hides `stop` ms after the last call ended. */
export function useDelayedBusy(isBusy: boolean, delays: { start: number; stop: number }): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (isBusy === shown) return;
    const wait = isBusy ? delays.start : delays.stop;
    if (wait === 0) {
      setShown(isBusy);
      return;
    }
    const timer = setTimeout(() => setShown(isBusy), wait);
    return () => clearTimeout(timer);
  }, [isBusy, shown, delays.start, delays.stop]);
  return shown;
}

/**
 * The blocking busy overlay of the shell, driven by pending API calls (specification section 2), with the delays of
 * the screen at `pathname`. Without the router (the root route passes the router's location; a first load of the
 * login page, which renders before the router, the address's).
 */
export function BusyOverlay({ pathname }: { pathname: string }) {
  const delays = pathname.startsWith('/bl_view/') ? BUSY_DELAYS.billOfLading : BUSY_DELAYS.default;
  const shown = useDelayedBusy(usePendingCalls() > 0, delays);
  return (
    <>
      {/* A fixed layer and a CSS spinner styled in global.css, not Mantine's LoadingOverlay and Overlay (0.6 KB brotli
          on every first load, for a layer shown only after a delay of activity). */}
      {shown && <div className="busy-overlay" data-testid="busy-overlay" />}
      <div role="status" aria-live="polite" className="visually-hidden">
        {shown ? 'Loading…' : ''}
      </div>
    </>
  );
}
