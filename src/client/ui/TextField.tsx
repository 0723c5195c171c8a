import { useId, type InputHTMLAttributes } from 'react';
import styled from 'styled-components';

const Field = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
`;
const Label = styled.label<{ $disabled?: boolean }>`
  font-weight: 600;
  font-size: 0.9rem;
  color: ${({ theme, $disabled }) => ($disabled ? theme.color.textMuted : 'inherit')};
`;
export const Input = styled.input<{ $invalid?: boolean }>`
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.color.danger : theme.color.border)};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  /* a field that takes no input looks it: sunk, dashed, muted (the form says why beside it) */
  &:disabled {
    background: ${({ theme }) => theme.color.surfaceAlt};
    color: ${({ theme }) => theme.color.textMuted};
    border-style: dashed;
    cursor: not-allowed;
  }
`;
const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.danger};
  font-size: 0.85rem;
`;

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | null;
}

/** A labelled input with its error announced to assistive technology. */
export function TextField({ label, error, id, ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <Field>
      <Label htmlFor={inputId} $disabled={input.disabled}>
        {label}
      </Label>
      <Input id={inputId} $invalid={Boolean(error)} aria-invalid={Boolean(error)} aria-describedby={error ? errorId : undefined} {...input} />
      {error ? (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      ) : null}
    </Field>
  );
}
