// Play counting (on player/trackStarted) is built with the statistics issue.
export function* statsSaga() {}
