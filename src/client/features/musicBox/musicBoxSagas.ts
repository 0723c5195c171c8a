// The highlight saga is built with the Music Box issue.
export function* musicBoxSaga() {}
