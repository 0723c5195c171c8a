import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import styled from 'styled-components';
import { CloseIcon } from '../CloseIcon';
import { selectToasts, toastDismissed, type Toast } from './toastSlice';

const Stack = styled.div`
  position: fixed;
  right: ${({ theme }) => theme.space(4)};
  bottom: ${({ theme }) => theme.layout.playerHeight + 16}px;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  z-index: 50;
  max-width: min(420px, calc(100vw - 32px));
`;
const Item = styled.div<{ $kind: Toast['kind'] }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  border-left: 4px solid ${({ theme, $kind }) => ($kind === 'error' ? theme.color.danger : $kind === 'success' ? theme.color.success : theme.color.accent)};
  box-shadow: 0 6px 24px rgba(0, 0, 0, 0.18);
  button {
    margin-left: auto;
    background: none;
    border: 0;
    cursor: pointer;
    width: 28px;
    height: 28px;
  }
`;

function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useDispatch();
  useEffect(() => {
    const timer = setTimeout(() => dispatch(toastDismissed(toast.id)), 6000);
    return () => clearTimeout(timer);
  }, [dispatch, toast.id]);
  return (
    <Item $kind={toast.kind} role={toast.kind === 'error' ? 'alert' : 'status'}>
      <span>{toast.message}</span>
      <button type="button" aria-label="Dismiss" onClick={() => dispatch(toastDismissed(toast.id))}>
        <CloseIcon />
      </button>
    </Item>
  );
}

export function ToastHost() {
  const toasts = useSelector(selectToasts);
  return (
    <Stack aria-live="polite">
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </Stack>
  );
}
