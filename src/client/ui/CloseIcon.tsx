import { icon } from './icon';

/** In a file of its own: the toasts (on every page, the sign-in page included) need no other icon. */
export const CloseIcon = /*#__PURE__*/ icon('M19 6.41L17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z');
