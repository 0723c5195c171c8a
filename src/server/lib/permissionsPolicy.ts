/**
 * Browser features the app never uses are denied to it and to anything it might embed; the player
 * keeps autoplay (the next track, the radio) and fullscreen for its own pages. Media Session and the
 * clipboard (copying an API key) need no entry: the clipboard's default is already 'self'. Only
 * features Chromium knows are named, as it logs an error for each one it does not.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=(self)',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');
