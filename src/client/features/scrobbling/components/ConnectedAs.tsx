import type { ScrobbleConnection } from '../../../../contract/scrobble';
import { Button } from '../../../ui/Button';
import { QueueNote } from './QueueNote';
import { Buttons } from '../../../ui/settingsParts';

/** A connected service: the name it knows the user by, what waits to be sent, and Disconnect. */
export function ConnectedAs({
  connection,
  label,
  busy,
  onDisconnect,
}: {
  connection: ScrobbleConnection;
  label: string;
  busy: boolean;
  onDisconnect: () => void;
}) {
  return (
    <>
      <p aria-live="polite">
        Connected as <strong>{connection.username}</strong>.
      </p>
      <QueueNote connection={connection} />
      <Buttons>
        <Button type="button" $variant="secondary" onClick={onDisconnect} disabled={busy}>
          Disconnect {label}
        </Button>
      </Buttons>
    </>
  );
}
