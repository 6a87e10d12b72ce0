// One field of the feedback form: its label (marked required or optional), the control(s) and the
// field's error line under them, which screen readers hear when it changes.
import type { ReactNode } from 'react';

interface FeedbackFieldProps {
  /** The control's id: the label points at it and the error line is `${id}-error`. */
  id: string;
  label: string;
  required?: boolean;
  /** False where the field holds no single control to label (the attachment list): the label names the group. */
  labelsControl?: boolean;
  error?: string;
  children: ReactNode;
}

export function FeedbackField({ id, label, required = false, labelsControl = true, error, children }: FeedbackFieldProps) {
  const marker = required ? <span className="fb-required">*</span> : <span className="fb-optional">（选填）</span>;
  return (
    <div className={`fb-field${error ? ' has-error' : ''}`}>
      {labelsControl ? (
        <label className="fb-label" htmlFor={id}>
          {label}
          {marker}
        </label>
      ) : (
        <span className="fb-label" id={`${id}-label`}>
          {label}
          {marker}
        </span>
      )}
      {children}
      <p id={`${id}-error`} className="fb-error" role="alert">
        {error ?? ''}
      </p>
    </div>
  );
}
