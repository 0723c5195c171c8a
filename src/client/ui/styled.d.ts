import 'styled-components';

declare module 'styled-components' {
  export interface DefaultTheme {
    name: 'light' | 'dark';
    radius: { sm: string; md: string; lg: string; pill: string };
    space: (n: number) => string;
    font: { body: string; mono: string };
    breakpoints: { sidebar: number; phone: number };
    layout: { sidebarWidth: number; playerHeight: number; topBarHeight: number };
    color: {
      bg: string;
      surface: string;
      surfaceAlt: string;
      text: string;
      textMuted: string;
      border: string;
      accent: string;
      accentText: string;
      focus: string;
      danger: string;
      success: string;
      warning: string;
      overlay: string;
    };
  }
}
