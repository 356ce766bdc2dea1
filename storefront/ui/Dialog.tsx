import { useEffect, useRef, type HTMLAttributes, type ReactNode, type RefObject } from 'react';

interface DialogProps extends Omit<HTMLAttributes<HTMLDialogElement>, 'open' | 'onClose' | 'onCancel' | 'aria-labelledby'> {
  /** whether it is shown: its owner's state, so Escape and the close buttons all go through `onClose` */
  open: boolean;
  /** the shopper asks to close it (Escape, a close button); the owner sets `open` to false, or keeps it (a request runs) */
  onClose: () => void;
  /** the id of its heading, its accessible name */
  labelledBy: string;
  /** the control that takes the keyboard on opening; else the browser's choice (the first control) */
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/**
 * A modal native <dialog>: the page behind is inert, the keyboard moves in on opening, Escape asks the owner to close
 * it, and on closing — or when it leaves the page open — the keyboard goes back to where it was.
 */
export function Dialog({ open, onClose, labelledBy, initialFocus, children, ...rest }: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!open || !element) return;
    const opener = document.activeElement as HTMLElement | null;
    element.showModal();
    initialFocus?.current?.focus();
    // closed by its owner, or gone from the page while open (the conflict resolved): the keyboard goes back
    return () => {
      element.close();
      opener?.focus();
    };
  }, [open]);

  return (
    <dialog
      {...rest}
      ref={dialog}
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        // Escape: the owner decides, the dialog does not close itself
        event.preventDefault();
        onClose();
      }}
    >
      {children}
    </dialog>
  );
}
