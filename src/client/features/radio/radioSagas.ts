// The socket channel and radio-mode sagas are built with the radio issue.
export function* radioSaga() {}
