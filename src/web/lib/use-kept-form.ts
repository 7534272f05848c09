import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { useLocation } from 'react-router';
import { registerOpenForm, takeKeptForm } from './session-guard.js';

/**
 * A form's content as state that outlives an expired session: it starts from what was kept for this
 * screen when the session expired (session-guard.ts), else from `initial`, and is offered for keeping
 * while the form is open.
 */
export function useKeptForm<T extends object>(name: string, initial: T): [T, Dispatch<SetStateAction<T>>] {
  const { pathname } = useLocation();
  const key = `${pathname}#${name}`;
  const [values, setValues] = useState<T>(() => {
    const kept = typeof window === 'undefined' ? undefined : takeKeptForm<Partial<T>>(key);
    return kept ? { ...initial, ...kept } : initial;
  });
  useEffect(() => registerOpenForm(key, () => values), [key, values]);
  return [values, setValues];
}
