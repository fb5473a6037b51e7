import type { Notification } from '@lading/contract/notifications';
import { Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { cloneElement, type ReactElement, type Ref, useLayoutEffect } from 'react';
import { type Handoff, useTakeFocus } from '../../../components/on-demand';
import type { Overlays } from '../../../components/overlays';
import { formatDateTime } from '../../../lib/format-date-time';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import classes from './notification-dropdown.module.css';

// Fetched with the overlays on the first hover, focus or press of the bell (notification-bell.tsx): the latest ten,
// marking them read and following their links are not needed before the bell is reached (issue 29, figure 6).

/**
 * The bell's popover once Mantine's Popover is in, with the latest notices; a bell that had the focus (and did not
 * open) keeps it.
 */
export function BellPopover({
  Popover,
  handoff,
  opened,
  onChange,
  onOpen,
  onClose,
  target,
  unread,
  items,
  isError,
}: {
  Popover: Overlays['Popover'];
  handoff: Handoff;
  opened: boolean;
  onChange: (opened: boolean) => void;
  /** Stable (useDisclosure's): opens the popover when the press on the stand-in asked for it. */
  onOpen: () => void;
  onClose: () => void;
  target: ReactElement<{ ref?: Ref<HTMLButtonElement> }>;
  unread: number;
  items: Notification[];
  isError: boolean;
}) {
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const router = useRouter();
  const focusRef = useTakeFocus<HTMLButtonElement>(handoff.focus);
  // Opened just after mounting (a press on the stand-in), so Mantine records the bell to return the focus to.
  useLayoutEffect(() => {
    if (handoff.open) onOpen();
  }, [handoff, onOpen]);

  const follow = (notification: Notification) => {
    if (!notification.readAt) markRead.mutate(notification.id);
    onClose();
    router.history.push(notification.link);
  };

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
      <Popover.Dropdown className={classes.dropdown} aria-label="Notifications">
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
      </Popover.Dropdown>
    </Popover>
  );
}
