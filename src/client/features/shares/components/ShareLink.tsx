import { useId, useRef, useState } from 'react';
import { Button } from '../../../ui/Button';
import { copyText } from '../../../ui/copyText';
import { CopyRow } from '../../../ui/settingsParts';
import { Input } from '../../../ui/TextField';

/** A share's public link, read-only, with Copy. */
export function ShareLink({ url, label = 'Share link' }: { url: string; label?: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <CopyRow>
        <Input id={id} ref={input} readOnly value={url} onFocus={(e) => e.currentTarget.select()} spellCheck={false} />
        <Button type="button" onClick={async () => setCopied(await copyText(url, input.current))}>
          Copy
        </Button>
      </CopyRow>
      <p role="status">{copied === true ? 'Copied.' : copied === false ? 'Copy did not work here: select the link and copy it yourself.' : ''}</p>
    </>
  );
}
