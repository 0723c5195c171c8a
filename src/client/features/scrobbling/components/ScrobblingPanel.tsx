import { useSelector } from 'react-redux';
import { SCROBBLE_MESSAGES } from '../../../../contract/scrobbleMessages';
import { selectPrivacy } from '../../../shared/settings';
import { ErrorMessage } from '../../../ui/Page';
import { errorText, useGetScrobbleConnectionsQuery } from '../scrobblingApi';
import { LastfmPart } from './LastfmPart';
import { ListenBrainzPart } from './ListenBrainzPart';
import { MutedNote as Muted } from '../../../ui/settingsParts';

/** The result Last.fm's callback came back with, once per page load. */
const lastfmResult = () => new URLSearchParams(window.location.search).get('lastfm');

/**
 * docs/product.md §2.10 Scrobbling: what you listen to, sent to ListenBrainz and Last.fm. Acts at
 * once, outside Save; with "Record my listening history" off nothing is sent.
 */
export function ScrobblingPanel() {
  const connections = useGetScrobbleConnectionsQuery();
  const privacy = useSelector(selectPrivacy);
  if (connections.isLoading) return <p>Loading…</p>;
  if (connections.isError) return <ErrorMessage>{errorText(connections.error, 'Could not read your scrobbling connections')}</ErrorMessage>;
  const list = connections.data?.connections ?? [];
  const of = (service: string) => list.find((c) => c.service === service);
  return (
    <>
      {privacy.recordListeningHistory ? (
        <Muted>
          Songs you play in Wavelength, in Subsonic apps and on the radio are sent once you have heard half of them (at most 4 minutes); songs of 30 seconds or
          less are not.
        </Muted>
      ) : (
        <p role="status">{SCROBBLE_MESSAGES.historyOff}</p>
      )}
      <ListenBrainzPart connection={of('listenbrainz')} />
      {connections.data?.lastfmAvailable ? <LastfmPart connection={of('lastfm')} result={lastfmResult()} /> : null}
    </>
  );
}
