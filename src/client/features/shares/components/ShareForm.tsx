import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { SHARE_DESCRIPTION_MAX } from '../../../../contract/shareConstants';
import { Button } from '../../../ui/Button';
import { ErrorMessage } from '../../../ui/Page';
import { CheckRow } from '../../../ui/settingsParts';
import { Input } from '../../../ui/TextField';
import { expiryFrom, type ExpiryChoice } from '../expiry';
import { Select } from '../../../ui/Select';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  label {
    font-weight: 600;
  }
`;
const Field = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
`;
const TextArea = styled.textarea`
  min-height: 72px;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  resize: vertical;
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(3)};
`;

export interface ShareFormValues {
  description: string;
  /** undefined: unchanged (editing) */
  expiresAt: string | null | undefined;
  downloadable: boolean;
}

export interface ShareFormProps {
  initial: { description: string; downloadable: boolean };
  /** editing offers "Keep as it is" first */
  editing?: boolean;
  submitLabel: string;
  busy: boolean;
  problem: string | null;
  onSubmit: (values: ShareFormValues) => void;
  onCancel: () => void;
}

interface ExpiryFieldsProps {
  id: string;
  editing: boolean;
  choice: ExpiryChoice;
  date: string;
  dateProblem: string | null;
  onChoice: (choice: ExpiryChoice) => void;
  onDate: (date: string) => void;
}

/** The expiry select, and the date field when "On a date…" is chosen. */
function ExpiryFields({ id, editing, choice, date, dateProblem, onChoice, onDate }: ExpiryFieldsProps) {
  return (
    <>
      <Field>
        <label htmlFor={`${id}-expiry`}>Expires</label>
        <Select id={`${id}-expiry`} value={choice} onChange={(e) => onChoice(e.target.value as ExpiryChoice)}>
          {editing ? <option value="keep">Keep as it is</option> : null}
          <option value="never">Never</option>
          <option value="1">In 1 day</option>
          <option value="7">In 7 days</option>
          <option value="30">In 30 days</option>
          <option value="date">On a date…</option>
        </Select>
      </Field>
      {choice === 'date' ? (
        <Field>
          <label htmlFor={`${id}-date`}>Last day</label>
          <Input
            id={`${id}-date`}
            type="date"
            value={date}
            onChange={(e) => onDate(e.target.value)}
            $invalid={dateProblem !== null}
            aria-describedby={dateProblem ? `${id}-date-problem` : undefined}
          />
          {dateProblem ? <ErrorMessage id={`${id}-date-problem`}>{dateProblem}</ErrorMessage> : null}
        </Field>
      ) : null}
    </>
  );
}

/** Description, expiry (never, 1, 7, 30 days, a date) and the download switch of a share. */
export function ShareForm({ initial, editing, submitLabel, busy, problem, onSubmit, onCancel }: ShareFormProps) {
  const id = useId();
  const [description, setDescription] = useState(initial.description);
  const [choice, setChoice] = useState<ExpiryChoice>(editing ? 'keep' : 'never');
  const [date, setDate] = useState('');
  const [downloadable, setDownloadable] = useState(initial.downloadable);
  const [dateProblem, setDateProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const expiresAt = expiryFrom(choice, date, Date.now());
    if (expiresAt === 'invalid') {
      setDateProblem('Choose the date the link stops working');
      return;
    }
    setDateProblem(null);
    onSubmit({ description, expiresAt, downloadable });
  };

  return (
    <Form onSubmit={submit} noValidate>
      <Field>
        <label htmlFor={`${id}-description`}>Description (optional)</label>
        <TextArea id={`${id}-description`} value={description} maxLength={SHARE_DESCRIPTION_MAX} onChange={(e) => setDescription(e.target.value)} />
      </Field>
      <ExpiryFields id={id} editing={Boolean(editing)} choice={choice} date={date} dateProblem={dateProblem} onChoice={setChoice} onDate={setDate} />
      <CheckRow>
        <input type="checkbox" checked={downloadable} onChange={(e) => setDownloadable(e.target.checked)} />
        <span>
          Allow downloads
          <small>Visitors may save the original files, not only listen.</small>
        </span>
      </CheckRow>
      {problem ? <ErrorMessage>{problem}</ErrorMessage> : null}
      <Actions>
        <Button type="button" $variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
      </Actions>
    </Form>
  );
}
