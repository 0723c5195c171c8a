import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { OfflineNotice } from '../../../ui/OfflineNotice';

const Screen = styled.main`
  min-height: 100vh;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.color.bg};
`;
const Card = styled.section`
  width: 100%;
  max-width: 420px;
  padding: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(6)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  box-shadow: 0 10px 40px rgba(0, 0, 0, 0.08);
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}px) {
    padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(4)};
  }
`;
const Brand = styled.div`
  font-size: 1.3rem;
  font-weight: 800;
  color: ${({ theme }) => theme.color.accent};
  margin-bottom: ${({ theme }) => theme.space(2)};
`;
const Title = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space(6)};
  font-size: 1.6rem;
`;
const CardOfflineNotice = styled(OfflineNotice)`
  margin-bottom: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-left: 4px solid ${({ theme }) => theme.color.warning};
  border-radius: ${({ theme }) => theme.radius.md};
`;
export const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  button[type='submit'] {
    width: 100%;
  }
`;
export const Links = styled.p`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  margin: ${({ theme }) => theme.space(6)} 0 0;
  font-size: 0.95rem;
`;
export const TextLink = styled(Link)`
  color: ${({ theme }) => theme.color.accent};
  font-weight: 600;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;
export const Notice = styled.p.attrs({ role: 'status' })`
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceAlt};
  color: ${({ theme }) => theme.color.text};
`;
export const Alert = styled.p.attrs({ role: 'alert' })`
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.danger};
  color: ${({ theme }) => theme.color.danger};
`;

/** The frame of the public pages: brand, title and a card that fits from 360 px up. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Screen>
      <Card>
        <CardOfflineNotice />
        <Brand>Wavelength</Brand>
        <Title>{title}</Title>
        {children}
      </Card>
    </Screen>
  );
}

/** Wraps a submit handler: no page reload. */
export const onSubmit = (handler: () => void) => (event: FormEvent) => {
  event.preventDefault();
  handler();
};
