import { combineSlices, configureStore, type Middleware } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { baseApi } from '../api/baseApi';
import { authSlice } from '../shared/session';
import { musicBoxSlice } from '../features/musicBox/musicBoxSlice';
import { playerSlice } from '../shared/player';
import { radioSlice } from '../features/radio';
import { settingsSlice } from '../shared/settings';
import type { Services } from '../services';
import { toastSlice } from '../ui/toast/toastSlice';
import { rootSaga } from './rootSaga';

export const rootReducer = combineSlices(baseApi, authSlice, playerSlice, radioSlice, settingsSlice, musicBoxSlice, toastSlice);

export type RootState = ReturnType<typeof rootReducer>;

/** The store with its services: RTK Query reads them as the thunk extra argument, sagas as context. */
export function makeStore(
  services: Services,
  preloadedState?: Partial<RootState>,
  options: {
    runSagas?: boolean;
    /** tests: run this saga instead of the root saga */ saga?: () => Generator;
    /** tests: middleware that sees every action first (the replay test's recorder) */ before?: Middleware[];
  } = {},
) {
  const sagaMiddleware = createSagaMiddleware({ context: { services } });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: services } })
        .prepend(...(options.before ?? []))
        .concat(baseApi.middleware)
        .concat(sagaMiddleware),
    devTools: process.env.NODE_ENV !== 'production',
  });
  if (options.runSagas !== false) sagaMiddleware.run(options.saga ?? rootSaga);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
