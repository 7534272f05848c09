import type { ReactNode } from 'react';

/** What a control needs to be tied to its label, its hint and its problem. */
export interface ControlProps {
  id: string;
  name: string;
  required: boolean;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  name: string;
  label: ReactNode;
  /** The problem shown beside the control; nothing when it is fine. */
  error?: string;
  required?: boolean;
  hint?: ReactNode;
  className?: string;
  /** Draws the control with the attributes that tie it to this field. */
  children: (control: ControlProps) => ReactNode;
}

/**
 * One field of an admin or work-log form: its label (marked with a star by the stylesheet when required, so
 * the label's text stays the field's name), the control, a hint, and its
 * problem beside it, announced through aria-invalid and aria-describedby.
 */
export function FormField({ name, label, error, required = false, hint, className, children }: FormFieldProps) {
  const id = `field-${name}`;
  const hintId = hint ? `${id}-hint` : '';
  const errorId = error ? `${id}-error` : '';
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', className, error ? 'field-invalid' : ''].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={required ? 'field-label required' : 'field-label'}>
        {label}
      </label>
      {children({ id, name, required, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && (
        <small id={hintId} className="hint">
          {hint}
        </small>
      )}
      {error && (
        <small id={errorId} className="field-error">
          {error}
        </small>
      )}
    </div>
  );
}
