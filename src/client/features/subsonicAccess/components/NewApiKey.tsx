import { useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../../ui/Button';
import { copyText } from '../../../ui/copyText';
import { CopyRow } from '../../../ui/settingsParts';
import { Input } from '../../../ui/TextField';

const Box = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 2px solid ${({ theme }) => theme.color.accent};
  background: ${({ theme }) => theme.color.surfaceAlt};
  label {
    font-weight: 600;
  }
`;

/** A key just created: the only time it is shown (the server keeps its hash). */
export function NewApiKey({ name, apiKey, onDone }: { name: string; apiKey: string; onDone: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => setCopied(await copyText(apiKey, input.current));
  return (
    <Box>
      <label htmlFor="subsonic-new-key">{`API key for ${name}`}</label>
      <p>
        <strong>Copy this key now: it will not be shown again.</strong>
      </p>
      <CopyRow>
        <Input id="subsonic-new-key" ref={input} readOnly value={apiKey} onFocus={(e) => e.currentTarget.select()} spellCheck={false} />
        <Button type="button" onClick={copy}>
          Copy
        </Button>
        <Button type="button" $variant="secondary" onClick={onDone}>
          Done
        </Button>
      </CopyRow>
      <p role="status">{copied === true ? 'Copied.' : copied === false ? 'Copy did not work here: select the key and copy it yourself.' : ''}</p>
    </Box>
  );
}
