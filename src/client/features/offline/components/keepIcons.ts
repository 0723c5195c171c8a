import { icon } from '../../../ui/icon';

/** An arrow down onto a line: keep this song on the device. */
export const KeepIcon = /*#__PURE__*/ icon('M5 20h14v-2H5v2zM19 9h-4V3H9v6H5l7 7 7-7z');
/** A tick in a circle: the song is on the device. */
export const KeptIcon = /*#__PURE__*/ icon(
  'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm-2 15l-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z',
);
