export { authSaga } from './authSagas';
