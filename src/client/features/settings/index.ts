export { settingsSaga } from './settingsSagas';
