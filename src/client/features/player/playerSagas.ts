// The playback sagas are built with the player issue.
export function* playerSaga() {}
