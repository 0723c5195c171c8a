import { useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import styled from 'styled-components';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { copyText } from '../../../ui/copyText';
import { ErrorMessage } from '../../../ui/Page';
import { Input } from '../../../ui/TextField';
import { toastShown } from '../../../ui/toast/toastSlice';
import { errorText, useGetListenUrlQuery, useRenewListenUrlMutation } from '../radioStreamApi';
import { CopyRow, MutedNote as Muted, SettingsPart as Part } from '../../../ui/settingsParts';

const Label = styled.label`
  font-weight: 600;
`;

/** The user's own link to the live stream: copied into a player, replaced when it leaked. */
export function ListenLink() {
  const dispatch = useDispatch();
  const link = useGetListenUrlQuery();
  const [renew, renewing] = useRenewListenUrlMutation();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  const [asking, setAsking] = useState(false);
  const url = link.data?.url;

  const copy = async () => {
    if (url) setCopied(await copyText(url, input.current));
  };
  const confirmRenew = async () => {
    try {
      await renew().unwrap();
      setCopied(null);
      dispatch(toastShown('New listen link made: the old one no longer plays', 'success'));
    } catch (error) {
      dispatch(toastShown(errorText(error, 'Could not make a new link'), 'error'));
    }
    setAsking(false);
  };

  return (
    <Part>
      <h3>Your listen link</h3>
      <Muted>Paste this link into VLC, a smart speaker or any internet-radio app to hear the station. It is yours alone: don’t share it.</Muted>
      {link.isLoading ? (
        <p>Loading…</p>
      ) : link.isError || !url ? (
        <ErrorMessage>{errorText(link.error, 'Could not read your listen link')}</ErrorMessage>
      ) : (
        <>
          <Label htmlFor="radio-listen-url">Listen link</Label>
          <CopyRow>
            <Input id="radio-listen-url" ref={input} readOnly value={url} onFocus={(e) => e.currentTarget.select()} spellCheck={false} />
            <Button type="button" onClick={copy}>
              Copy
            </Button>
            <Button type="button" $variant="secondary" onClick={() => setAsking(true)}>
              New link
            </Button>
          </CopyRow>
          <p role="status">{copied === true ? 'Copied.' : copied === false ? 'Copy did not work here: select the link and copy it yourself.' : ''}</p>
        </>
      )}
      <ConfirmDialog
        open={asking}
        title="Make a new listen link?"
        message="Your old link stops working at once: players and speakers that use it go silent until you give them the new one."
        confirmLabel="Make new link"
        danger
        busy={renewing.isLoading}
        onConfirm={confirmRenew}
        onCancel={() => setAsking(false)}
      />
    </Part>
  );
}
