import type { FastifyRequest } from 'fastify';
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
    async handle({ app, request, options }) {
      const state = await app.radio.state();
      const track = state.currentTrack;
      if (!state.isRadioActive || !track) return { internetRadioStations: {} };
      const page = `${options.config.publicUrl ?? originOf(request)}/radio`;
      const coverArt = track.artworkUrl?.startsWith(ARTWORK_URL_PREFIX) ? track.artworkUrl.slice(ARTWORK_URL_PREFIX.length) : undefined;
      return {
        internetRadioStations: {
          internetRadioStation: [
            // streamUrl is the web app's radio page for now: the station has no audio stream of its own yet
            // (each listener's player fetches the current song); a real stream URL replaces it later.
            { ...RADIO_STATION, streamUrl: page, homePageUrl: page, coverArt },
          ],
        },
      };
    },
  },
};

function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
