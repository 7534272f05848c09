import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/** Success, error and normal flags plus a message; can be cleared (specification: States and transitions). */
export interface FlashState {
  success: boolean;
  error: boolean;
  normal: boolean;
  message: string;
  /** Shown beside the button that caused it (a long form's save), not at the top of the page. */
  beside: boolean;
}

type FlashKind = 'success' | 'error' | 'normal';

interface FlashApi {
  state: FlashState;
  /**
   * `keep` carries the message over the next navigation (a save that then moves to a list); `beside` shows it where
   * the form's `<FlashBeside />` is, next to its button, where the eye is after a save at the end of a long form.
   */
  show(kind: FlashKind, message: string, options?: { keep?: boolean; beside?: boolean }): void;
  clear(): void;
}

const EMPTY: FlashState = { success: false, error: false, normal: false, message: '', beside: false };
const FlashContext = createContext<FlashApi | null>(null);

export function FlashProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<FlashState>(EMPTY);
  const keepNext = useRef(false);
  const location = useLocation();

  // A message belongs to the page it was shown on, unless it was asked to survive one move.
  useEffect(() => {
    if (keepNext.current) keepNext.current = false;
    else setState(EMPTY);
  }, [location.pathname]);

  const show = useCallback((kind: FlashKind, message: string, options: { keep?: boolean; beside?: boolean } = {}) => {
    keepNext.current = options.keep ?? false;
    setState({ ...EMPTY, [kind]: true, message, beside: options.beside ?? false });
  }, []);
  const clear = useCallback(() => setState(EMPTY), []);
  const api = useMemo(() => ({ state, show, clear }), [state, show, clear]);
  return <FlashContext.Provider value={api}>{children}</FlashContext.Provider>;
}

export function useFlash(): FlashApi {
  const api = useContext(FlashContext);
  if (!api) throw new Error('useFlash outside the admin shell');
  return api;
}

const kindOf = (state: FlashState) => (state.success ? 'success' : state.error ? 'error' : 'normal');

export function FlashMessage() {
  const { state, clear } = useFlash();
  if (!state.message || state.beside) return null;
  const kind = kindOf(state);
  return (
    <div className={`flash flash-${kind}`} role={state.error ? 'alert' : 'status'}>
      <span>{state.message}</span>
      <button type="button" className="flash-close" aria-label="Clear message" onClick={clear}>
        ×
      </button>
    </div>
  );
}

/**
 * Where a long form's save is confirmed: beside its button. The live region is always there, so that a screen reader
 * announces the message when it appears in it.
 */
export function FlashBeside() {
  const { state } = useFlash();
  const shown = state.beside ? state.message : '';
  return (
    <p className={shown ? `flash flash-${kindOf(state)} flash-beside` : 'flash-beside'} role="status">
      {shown}
    </p>
  );
}
