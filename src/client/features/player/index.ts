export { PlayerBar } from './components/PlayerBar';
export { playerSaga } from './playerSagas';
