import { publicOrigin } from '../../../lib/http/publicOrigin';
import type { MethodTable } from '../method';

const ARTWORK_URL_PREFIX = '/api/artwork/';

/** The station's one entry: it has no name setting, so it is named after the app. */
export const RADIO_STATION = { id: 'wavelength-radio', name: 'Wavelength Radio' };

/**
 * getInternetRadioStations: the Wavelength radio while it is on air (switched on with a track
 * playing), nothing otherwise (docs/subsonic.md, Radio). Stations are not created or edited here.
 */
export const radioMethods: MethodTable = {
  getInternetRadioStations: {
    async handle({ app, request, options, user }) {
      const state = await app.radio.state();
      const track = state.currentTrack;
      if (!state.isRadioActive || !track) return { internetRadioStations: {} };
      const origin = publicOrigin(options.config, request);
      const page = `${origin}/radio`;
      // the live stream, through this user's own listen link (made on first use): apps play it as any internet radio
      const { url: streamUrl } = await app.radioListenLinks.linkOf(user.id, origin);
      const coverArt = track.artworkUrl?.startsWith(ARTWORK_URL_PREFIX) ? track.artworkUrl.slice(ARTWORK_URL_PREFIX.length) : undefined;
      return {
        internetRadioStations: {
          internetRadioStation: [{ ...RADIO_STATION, streamUrl, homePageUrl: page, coverArt }],
        },
      };
    },
  },
};
