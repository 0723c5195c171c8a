import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import styled from 'styled-components';
import { SUGGESTION_FIELD_MAX } from '../../../../contract/limits';
import { MESSAGES } from '../../../../contract/messages';
import type { DuplicateSuggestionResponse, Suggestion } from '../../../../contract/musicbox';
import type { TransportError } from '../../../api/transport';
import { Button } from '../../../ui/Button';
import { ErrorMessage } from '../../../ui/Page';
import { TextField } from '../../../ui/TextField';
import { toastShown } from '../../../ui/toast/toastSlice';
import { failureMessage, useAddSuggestionMutation } from '../musicBoxApi';
import { musicBoxActions } from '../musicBoxSlice';

const Form = styled.form`
  display: grid;
  grid-template-columns: 1fr 1fr auto;
  align-items: end;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}px) {
    grid-template-columns: 1fr;
  }
`;

const Duplicate = styled.div.attrs({ role: 'alert' })`
  margin-top: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.warning};
  p {
    margin: 0;
  }
  p + p {
    margin-top: ${({ theme }) => theme.space(1)};
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.9rem;
  }
`;

/** First 8 characters of the suggester's id (docs/product.md §8 "Duplicate suggestion"). */
export const shortId = (id: string) => id.slice(0, 8);

export function formatSuggestionDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** docs/product.md §5: title and artist both required; a duplicate names the original and brings it into view. */
/** The suggestion that already exists, when adding answered 409. */
function duplicateOf(error: unknown): Suggestion | null {
  const e = error as Partial<TransportError> | null;
  return e?.status === 409 ? ((e.body as DuplicateSuggestionResponse | undefined)?.existingSuggestion ?? null) : null;
}

export function SuggestForm() {
  const dispatch = useDispatch();
  const [addSuggestion, { isLoading }] = useAddSuggestionMutation();
  const [title, setTitle] = useState('');
  const [artist, setArtist] = useState('');
  const [errors, setErrors] = useState<{ title?: string; artist?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [duplicate, setDuplicate] = useState<Suggestion | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next = { title: title.trim() ? undefined : 'Title is required', artist: artist.trim() ? undefined : 'Artist is required' };
    setErrors(next);
    setFailure(null);
    setDuplicate(null);
    if (next.title || next.artist) return;
    try {
      await addSuggestion({ title: title.trim(), artist: artist.trim() }).unwrap();
      setTitle('');
      setArtist('');
      dispatch(toastShown('Thanks! Your suggestion was added.', 'success'));
    } catch (error) {
      const existing = duplicateOf(error);
      if (existing) {
        setDuplicate(existing);
        dispatch(musicBoxActions.duplicateFound(existing.id));
      } else setFailure(failureMessage(error, MESSAGES.failedToAddSuggestion));
    }
  }

  return (
    <section aria-labelledby="suggest-heading">
      <h2 id="suggest-heading">Suggest a song</h2>
      <Form onSubmit={submit} noValidate>
        <TextField label="Title" name="title" value={title} maxLength={SUGGESTION_FIELD_MAX} onChange={(e) => setTitle(e.target.value)} error={errors.title} />
        <TextField
          label="Artist"
          name="artist"
          value={artist}
          maxLength={SUGGESTION_FIELD_MAX}
          onChange={(e) => setArtist(e.target.value)}
          error={errors.artist}
        />
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Suggesting…' : 'Suggest'}
        </Button>
      </Form>
      {failure ? <ErrorMessage>{failure}</ErrorMessage> : null}
      {duplicate ? (
        <Duplicate>
          <p>{MESSAGES.duplicateSuggestion}</p>
          <p>
            “{duplicate.title}” by {duplicate.artist} was suggested by user {shortId(duplicate.suggestedBy)} on {formatSuggestionDate(duplicate.createdAt)}.
          </p>
        </Duplicate>
      ) : null}
    </section>
  );
}
