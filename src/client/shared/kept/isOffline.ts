import { serverReachability } from '../../services/serverReachability';

/** The app cannot reach its server now (as the offline notice reads it, ui/useOnlineStatus.ts). */
export const isOffline = (): boolean => !navigator.onLine || !serverReachability.get();
