import { createAction } from '@reduxjs/toolkit';

/**
 * A message of the app's websocket that is not the radio's (the radio feature owns the socket and
 * hands these on, unread): the feature that knows the type picks it up, so features stay apart.
 */
export const liveMessageReceived = createAction<string>('live/messageReceived');
