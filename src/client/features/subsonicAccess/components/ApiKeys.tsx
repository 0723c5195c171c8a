import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import styled from 'styled-components';
import type { ApiKeySummary, CreatedApiKeyResponse } from '../../../../contract/subsonic';
import { API_KEY_NAME_MAX, SUBSONIC_MESSAGES } from '../../../../contract/subsonicMessages';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ErrorMessage } from '../../../ui/Page';
import { TextField } from '../../../ui/TextField';
import { toastShown } from '../../../ui/toast/toastSlice';
import { errorText, useCreateApiKeyMutation, useGetApiKeysQuery, useRevokeApiKeyMutation } from '../subsonicAccessApi';
import type { CurrentPasswordGate } from './CurrentPassword';
import { NewApiKey } from './NewApiKey';
import { dateOnly, dateTime, InlineForm, Muted, Part } from './styles';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space(2)};
    padding: ${({ theme }) => theme.space(2)} 0;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
  li > div {
    min-width: 0;
  }
  strong {
    display: block;
    overflow-wrap: anywhere;
  }
  span {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.85rem;
  }
`;

export function validateKeyName(name: string): string | null {
  if (!name.trim()) return SUBSONIC_MESSAGES.keyNameRequired;
  if (name.trim().length > API_KEY_NAME_MAX) return SUBSONIC_MESSAGES.keyNameTooLong;
  return null;
}

function CreateApiKey({ confirm, onCreated }: { confirm: CurrentPasswordGate; onCreated: (created: CreatedApiKeyResponse) => void }) {
  const [create, creating] = useCreateApiKeyMutation();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateKeyName(name);
    setProblem(invalid);
    if (invalid) return;
    const currentPassword = confirm.take();
    if (currentPassword === null) return;
    try {
      onCreated(await create({ name: name.trim(), currentPassword }).unwrap());
      setName('');
    } catch (error) {
      const message = errorText(error, 'Could not create the key');
      if (!confirm.refused(message)) setProblem(message);
    }
  };
  return (
    <InlineForm onSubmit={submit} noValidate>
      <TextField label="Key name" placeholder="Phone, laptop…" value={name} onChange={(e) => setName(e.target.value)} error={problem} />
      <Button type="submit" disabled={creating.isLoading}>
        Create key
      </Button>
    </InlineForm>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKeySummary; onRevoke: () => void }) {
  return (
    <li>
      <div>
        <strong>{apiKey.name}</strong>
        <span>
          {`Created ${dateOnly(apiKey.createdAt)} · `}
          {apiKey.lastUsedAt ? `Last used ${dateTime(apiKey.lastUsedAt)}` : 'Never used'}
        </span>
      </div>
      <Button type="button" $variant="secondary" $size="sm" onClick={onRevoke} aria-label={`Revoke ${apiKey.name}`}>
        Revoke
      </Button>
    </li>
  );
}

/** docs/product.md §2.13: a key per app or device, shown once, revoked one by one. */
export function ApiKeys({ confirm }: { confirm: CurrentPasswordGate }) {
  const dispatch = useDispatch();
  const keys = useGetApiKeysQuery();
  const [revoke, revoking] = useRevokeApiKeyMutation();
  const [created, setCreated] = useState<CreatedApiKeyResponse | null>(null);
  const [asking, setAsking] = useState<ApiKeySummary | null>(null);
  const list = keys.data?.keys ?? [];

  const confirmRevoke = async () => {
    if (!asking) return;
    try {
      await revoke(asking.id).unwrap();
      dispatch(toastShown(`Revoked ${asking.name}`, 'success'));
      if (created?.key.id === asking.id) setCreated(null);
      setAsking(null);
    } catch (error) {
      dispatch(toastShown(errorText(error, 'Could not revoke the key'), 'error'));
      setAsking(null);
    }
  };

  return (
    <Part>
      <h3>API keys</h3>
      <Muted>Give each app or device its own key, so you can revoke one without signing the others out.</Muted>
      <CreateApiKey confirm={confirm} onCreated={setCreated} />
      {created ? <NewApiKey name={created.key.name} apiKey={created.apiKey} onDone={() => setCreated(null)} /> : null}
      {keys.isLoading ? (
        <p>Loading…</p>
      ) : keys.isError ? (
        <ErrorMessage>{errorText(keys.error, 'Could not read your API keys')}</ErrorMessage>
      ) : list.length === 0 ? (
        <p>No API keys yet.</p>
      ) : (
        <List aria-label="Your API keys">
          {list.map((key) => (
            <KeyRow key={key.id} apiKey={key} onRevoke={() => setAsking(key)} />
          ))}
        </List>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking ? `Revoke ${asking.name}?` : 'Revoke key?'}
        message="Apps that sign in with this key stop working at once. This cannot be undone."
        confirmLabel="Revoke"
        danger
        busy={revoking.isLoading}
        onConfirm={confirmRevoke}
        onCancel={() => setAsking(null)}
      />
    </Part>
  );
}
