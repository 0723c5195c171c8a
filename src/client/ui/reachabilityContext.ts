import { createContext } from 'react';
import type { ServerReachability } from '../services/serverReachability';

/** The app's server reachability (its services'); without one (tests of a lone component), the server always answers. */
export const ReachabilityContext = createContext<Pick<ServerReachability, 'get' | 'subscribe'>>({ get: () => true, subscribe: () => () => {} });
