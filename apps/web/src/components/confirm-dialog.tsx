import { lazy, type ReactNode, Suspense, useState } from 'react';

export type ConfirmDialogProps = {
  opened: boolean;
  /** The question, naming the record: "Issue LDG26110004?" (labels the dialog). */
  title: string;
  /** What will happen, in the user's terms: "The customer can no longer change it." (describes the dialog). */
  children: ReactNode;
  /** The confirm button names the action: "Issue bill of lading", never "OK". */
  confirmLabel: string;
  /** The harmless choice, where the focus starts. */
  cancelLabel?: string;
  /** The confirm button's colour (a red one for what cannot be undone); the theme's primary otherwise. */
  color?: string;
  /**
   * Runs the action. The dialog stays open with the confirm button spinning until the returned promise settles, then
   * closes: the caller reports the outcome (a toast on success, the server's words on failure).
   */
  onConfirm: () => unknown;
  /**
   * Closes the dialog (cancelled, or done). The focus goes back to what opened it, unless the action has placed it
   * elsewhere (a decided request leaves its list; the screen focuses the list's count).
   */
  onClose: () => void;
};

/** Mantine's modal, the dialog's own module: fetched when a dialog is first opened, never with a screen's first load. */
const ConfirmModal = lazy(() =>
  import('./confirm-modal').then((module) => ({ default: module.ConfirmModal })),
);

/**
 * Asks before a heavy action (approve or issue a bill, accept and book, send a price, approve a company request,
 * deactivate a user, clear unsaved edits): one dialog for every screen, saying what will happen, with a button that
 * names the action. Renders nothing until first opened; then the modal (its own chunk) stays mounted for its
 * transitions.
 */
export function ConfirmDialog(props: ConfirmDialogProps): ReactNode {
  const [wanted, setWanted] = useState(props.opened);
  if (props.opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmModal {...props} />
    </Suspense>
  );
}
