export { restoreLastPage } from './lastPage';
export { useRememberLastPage } from './useRememberLastPage';
