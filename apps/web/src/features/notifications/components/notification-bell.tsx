import { ActionIcon } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { cloneElement, type ReactElement, type Ref } from 'react';
import { fetchOnDemand, onDemand, openerProps, useOnDemand } from '../../../components/on-demand';
import { overlays } from '../../../components/overlays';
import { PlainBadge } from '../../../components/plain-badge';
import { useNotifications } from '../api/find-notifications';
import { useNotificationStream } from '../api/notification-stream';
import { useRefreshOnNewNotices } from '../api/refresh-on-new-notices';
import classes from './notification-bell.module.css';

function BellIcon() {
  return (
    <svg
      aria-hidden="true"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.7 21a2 2 0 0 1-3.4 0" />
    </svg>
  );
}

/** What the bell button says to a screen reader: the count, not just "Notifications". */
function bellLabel(unread: number): string {
  if (unread === 0) return 'Notifications, none unread';
  return `Notifications, ${unread} unread`;
}

/**
 * The bell's popover and its list (notification-dropdown.tsx) with the overlays: fetched together on the first hover,
 * focus or press of the bell, the overlays once for the whole app.
 */
const bellDropdown = onDemand(async () => {
  const [{ Popover }, { BellPopover }] = await Promise.all([
    fetchOnDemand(overlays),
    import('./notification-dropdown'),
  ]);
  return { Popover, BellPopover };
});

/**
 * The header bell: the unread count as a badge, the latest ten, mark one or all read, and a link to each record.
 * New notices arrive over the live stream (polling when it is down), and refresh the open screens that show their
 * records. The popover (and floating-ui) and the list are fetched on the first hover, focus or press of the bell
 * (components/on-demand.ts); a press opens it as soon as it is in.
 */
export function NotificationBell() {
  const [opened, popover] = useDisclosure(false);
  const isLive = useNotificationStream(true);
  const { data, isError } = useNotifications({ enabled: true, isLive });
  useRefreshOnNewNotices(data?.results);
  const unread = data?.unreadCount ?? 0;
  const items = data?.results ?? [];
  const part = useOnDemand<Awaited<ReturnType<typeof bellDropdown.load>>, HTMLButtonElement>(bellDropdown);
  const { real, handoff } = part;
  const bell: ReactElement<{ ref?: Ref<HTMLButtonElement>; onClick?: () => void }> = (
    <ActionIcon variant="subtle" size="lg" aria-label={bellLabel(unread)} c="white" onClick={popover.toggle}>
      <BellIcon />
    </ActionIcon>
  );

  return (
    // The count on the bell's corner: a badge (components/plain-badge.tsx, as the statuses'), not Mantine's
    // Indicator, which every first load would fetch for this one use (issue 28: first-load room).
    <div className={classes.anchor} data-testid="notification-badge">
      {unread > 0 && (
        <PlainBadge color="var(--mantine-color-red-filled)" size="sm" className={classes.badge} data-count>
          {unread > 9 ? '9+' : unread}
        </PlainBadge>
      )}
      {real ? (
        <real.BellPopover
          Popover={real.Popover}
          handoff={handoff}
          opened={opened}
          onChange={(next) => (next ? popover.open() : popover.close())}
          onOpen={popover.open}
          onClose={popover.close}
          target={bell}
          unread={unread}
          items={items}
          isError={isError}
        />
      ) : (
        cloneElement(bell as ReactElement<Record<string, unknown>>, openerProps(part, 'dialog'))
      )}
    </div>
  );
}
