import type { Notification } from '@lading/contract/notifications';
import { ActionIcon, Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useRouter } from '@tanstack/react-router';
import { cloneElement, type ReactElement, type ReactNode, type Ref, useLayoutEffect } from 'react';
import { type Handoff, openerProps, useOnDemand, useTakeFocus } from '../../../components/on-demand';
import { type Overlays, overlays } from '../../../components/overlays';
import { PlainBadge } from '../../../components/plain-badge';
import { formatDateTime } from '../../../lib/format';
import { useNotifications } from '../api/find-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
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
 * The header bell: the unread count as a badge, the latest ten, mark one or all read, and a link to each record.
 * New notices arrive over the live stream (polling when it is down), and refresh the open screens that show their
 * records. The popover (and floating-ui) is fetched on the first hover, focus or press of the bell
 * (components/on-demand.ts); a press opens it as soon as it is in.
 */
export function NotificationBell() {
  const [opened, popover] = useDisclosure(false);
  const isLive = useNotificationStream(true);
  const { data, isError } = useNotifications({ enabled: true, isLive });
  useRefreshOnNewNotices(data?.results);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const router = useRouter();
  const unread = data?.unreadCount ?? 0;
  const items = data?.results ?? [];
  const part = useOnDemand<Overlays, HTMLButtonElement>(overlays);
  const { real, handoff } = part;
  const bell: ReactElement<{ ref?: Ref<HTMLButtonElement>; onClick?: () => void }> = (
    <ActionIcon variant="subtle" size="lg" aria-label={bellLabel(unread)} c="white" onClick={popover.toggle}>
      <BellIcon />
    </ActionIcon>
  );

  const follow = (notification: Notification) => {
    if (!notification.readAt) markRead.mutate(notification.id);
    popover.close();
    router.history.push(notification.link);
  };

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
        <BellPopover
          Popover={real.Popover}
          handoff={handoff}
          opened={opened}
          onChange={(next) => (next ? popover.open() : popover.close())}
          onOpen={popover.open}
          target={bell}
        >
          <real.Popover.Dropdown className={classes.dropdown} aria-label="Notifications">
            <Group justify="space-between" wrap="nowrap" mb="xs">
              <Text fw={600} size="sm" component="h2" m={0}>
                Notifications
              </Text>
              <Button
                size="compact-xs"
                variant="subtle"
                disabled={unread === 0}
                loading={markAll.isPending}
                onClick={() => markAll.mutate()}
              >
                Mark all read
              </Button>
            </Group>
            {isError && items.length === 0 ? (
              <Text size="sm">Notifications could not be loaded.</Text>
            ) : items.length === 0 ? (
              <Text size="sm">You have no notifications.</Text>
            ) : (
              <Stack component="ul" gap={0} className={classes.list}>
                {items.map((n) => (
                  <li key={n.id} className={classes.item} data-unread={n.readAt ? undefined : ''}>
                    <a
                      href={n.link}
                      className={classes.link}
                      onClick={(event) => {
                        event.preventDefault();
                        follow(n);
                      }}
                    >
                      <Text size="sm" fw={n.readAt ? 400 : 600} className={classes.title}>
                        {!n.readAt && <span className="visually-hidden">Unread: </span>}
                        {n.title}
                      </Text>
                      <Text size="xs" className={classes.body}>
                        {n.body}
                      </Text>
                      <Text size="xs" c="dimmed">
                        <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
                      </Text>
                    </a>
                    {!n.readAt && (
                      <UnstyledButton
                        className={classes.markRead}
                        onClick={() => markRead.mutate(n.id)}
                        aria-label={`Mark read: ${n.title}`}
                      >
                        Mark read
                      </UnstyledButton>
                    )}
                  </li>
                ))}
              </Stack>
            )}
          </real.Popover.Dropdown>
        </BellPopover>
      ) : (
        cloneElement(bell as ReactElement<Record<string, unknown>>, openerProps(part, 'dialog'))
      )}
    </div>
  );
}

/** The bell's popover once Mantine's Popover is in; a bell that had the focus (and did not open) keeps it. */
function BellPopover({
  Popover,
  handoff,
  opened,
  onChange,
  onOpen,
  target,
  children,
}: {
  Popover: Overlays['Popover'];
  handoff: Handoff;
  opened: boolean;
  onChange: (opened: boolean) => void;
  /** Stable (useDisclosure's): opens the popover when the press on the stand-in asked for it. */
  onOpen: () => void;
  target: ReactElement<{ ref?: Ref<HTMLButtonElement> }>;
  children: ReactNode;
}) {
  const focusRef = useTakeFocus<HTMLButtonElement>(handoff.focus);
  // Opened just after mounting (a press on the stand-in), so Mantine records the bell to return the focus to.
  useLayoutEffect(() => {
    if (handoff.open) onOpen();
  }, [handoff, onOpen]);
  return (
    <Popover
      opened={opened}
      onChange={onChange}
      position="bottom-end"
      // Popover's default width is max-content, which a long notice stretches past a phone's edge.
      width="min(22rem, calc(100vw - 1rem))"
      withArrow
      shadow="md"
      trapFocus
      returnFocus
      withRoles
    >
      <Popover.Target>{cloneElement(target, { ref: focusRef })}</Popover.Target>
      {children}
    </Popover>
  );
}
