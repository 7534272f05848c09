import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { useLocation } from 'react-router';
import { registerOpenForm, takeKeptForm } from './session-guard.js';

/**
 * A form's content as state that outlives an expired session: it starts from what was kept for this
 * screen when the session expired (session-guard.ts), else from `initial`, and is offered for keeping
 * while the form is open.
 */
export function useKeptForm<T extends object>(name: string, initial: T): [T, Dispatch<SetStateAction<T>>, boolean] {
  const { pathname } = useLocation();
  const key = `${pathname}#${name}`;
  const [restored] = useState(() => (typeof window === 'undefined' ? undefined : takeKeptForm<Partial<T>>(key)));
  const [values, setValues] = useState<T>(() => (restored ? { ...initial, ...restored } : initial));
  useEffect(() => registerOpenForm(key, () => values), [key, values]);
  return [values, setValues, restored !== undefined];
}
