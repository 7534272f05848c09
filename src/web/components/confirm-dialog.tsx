import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';

/** What a confirmation asks: a question, what doing it will change, and the words of the button that does it. */
export interface Confirmation {
  question: string;
  consequence?: string;
  action: string;
  /** Something readers lose or that cannot be undone: the button says so by its colour. */
  danger?: boolean;
}

type Ask = (confirmation: Confirmation) => Promise<boolean>;

const ConfirmContext = createContext<Ask | null>(null);

interface Pending extends Confirmation {
  answer: (yes: boolean) => void;
}

/**
 * The product's own confirmation, a modal `<dialog>`: the browser keeps the keyboard inside it and Escape cancels;
 * the safe answer has the focus first, and the focus goes back where it was when the dialog closes.
 */
function ConfirmDialog({ pending, onAnswer }: { pending: Pending | null; onAnswer: (yes: boolean) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element || !pending) return;
    const before = document.activeElement as HTMLElement | null;
    element.showModal();
    cancel.current?.focus();
    return () => {
      if (element.open) element.close();
      before?.focus();
    };
  }, [pending]);

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby={`${id}-question`}
      aria-describedby={pending?.consequence ? `${id}-consequence` : undefined}
      // Escape closes the dialog: that is a "no".
      onCancel={(event) => {
        event.preventDefault();
        onAnswer(false);
      }}
    >
      {pending && (
        <>
          <h2 id={`${id}-question`}>{pending.question}</h2>
          {pending.consequence && <p id={`${id}-consequence`}>{pending.consequence}</p>}
          <div className="confirm-dialog-actions">
            <button type="button" ref={cancel} onClick={() => onAnswer(false)}>
              Cancel
            </button>
            <button
              type="button"
              className={pending.danger ? 'button-danger' : 'button-primary'}
              onClick={() => onAnswer(true)}
            >
              {pending.action}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}

/** Gives its children `useConfirm()`; one dialog serves them all, one question at a time. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const ask = useCallback<Ask>(
    (confirmation) => new Promise((resolve) => setPending({ ...confirmation, answer: resolve })),
    [],
  );
  function answer(yes: boolean) {
    pending?.answer(yes);
    setPending(null);
  }
  return (
    <ConfirmContext.Provider value={ask}>
      {children}
      <ConfirmDialog pending={pending} onAnswer={answer} />
    </ConfirmContext.Provider>
  );
}

/** Asks in the product's dialog; resolves true when the action is confirmed, false when cancelled. */
export function useConfirm(): Ask {
  const ask = useContext(ConfirmContext);
  if (!ask) throw new Error('useConfirm outside a ConfirmProvider');
  return ask;
}
