import { Button, Group, Modal, Text } from '@mantine/core';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { ConfirmDialogProps } from './confirm-dialog';

/*
 * Mantine closes every open modal on Escape (each listens on the window, in the order they opened), so Escape in a
 * confirm dialog opened from another dialog (a user's editor, a quotation's details) closed both. Mantine skips an
 * event whose target carries this attribute: every element of this dialog that can hold the focus carries it, and
 * the dialog handles its own Escape.
 */
const OWN_ESCAPE = { 'data-mantine-stop-propagation': 'true' } as const;

/**
 * Gives the focus back to the element that had it when the dialog opened, once it closes: unless the action has put
 * the focus somewhere else by then (a decided request leaves its list, whose count takes the focus). Mantine's own
 * return is off: the dialog is mounted already open the first time (`ConfirmDialog` loads it then), so Mantine never
 * saw the opener. The opener is read during render, before the focus trap moves the focus inside.
 */
function useFocusBack(opened: boolean) {
  const opener = useRef<Element | null>(null);
  const wasOpened = useRef(false);
  const content = useRef<HTMLDivElement>(null);
  if (opened && !wasOpened.current) opener.current = document.activeElement;
  wasOpened.current = opened;
  useEffect(() => {
    if (opened || !opener.current) return;
    const element = opener.current;
    opener.current = null;
    const focused = document.activeElement;
    const leftAlone = !focused || focused === document.body || Boolean(content.current?.contains(focused));
    if (leftAlone && element instanceof HTMLElement && element.isConnected)
      element.focus({ preventScroll: true });
  }, [opened]);
  return content;
}

/**
 * The confirm dialog itself (Mantine's modal), fetched by `ConfirmDialog` when it is first opened. Labelled by its
 * question and described by what will happen; the focus starts on the cancel button (the harmless choice) and comes
 * back to the element that opened it (`useFocusBack`); Escape, the cancel button and a click outside cancel. While the action runs
 * the confirm button spins and nothing cancels.
 */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  color,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  const content = useFocusBack(opened);
  // While it fades out, the dialog keeps the words it was opened with (callers clear the record they asked about).
  const words = useRef({ title, children, confirmLabel, cancelLabel, color });
  if (opened) words.current = { title, children, confirmLabel, cancelLabel, color };
  const shown = words.current;
  const cancel = () => {
    if (!pending) onClose();
  };
  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
    } finally {
      setPending(false);
      onClose();
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.nativeEvent.isComposing) return;
    event.stopPropagation();
    cancel();
  };
  return (
    <Modal.Root
      opened={opened}
      onClose={cancel}
      centered
      closeOnEscape={false}
      returnFocus={false}
      onKeyDown={onKeyDown}
    >
      <Modal.Overlay />
      <Modal.Content ref={content} {...OWN_ESCAPE} data-testid="confirm-dialog">
        <Modal.Header>
          <Modal.Title fw={600}>{shown.title}</Modal.Title>
        </Modal.Header>
        <Modal.Body pb="xs">
          <Text size="sm">{shown.children}</Text>
        </Modal.Body>
        <Group justify="flex-end" gap="sm" px="md" pb="md" pt="xs" wrap="wrap">
          <Button variant="default" onClick={cancel} disabled={pending} data-autofocus {...OWN_ESCAPE}>
            {shown.cancelLabel}
          </Button>
          <Button color={shown.color} loading={pending} onClick={() => void confirm()} {...OWN_ESCAPE}>
            {shown.confirmLabel}
          </Button>
        </Group>
      </Modal.Content>
    </Modal.Root>
  );
}
