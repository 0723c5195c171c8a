export { useRememberLastPage } from './useRememberLastPage';
