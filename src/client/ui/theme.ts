import type { DefaultTheme } from 'styled-components';

export type ThemeName = 'light' | 'dark';

const shared = {
  radius: { sm: '6px', md: '10px', lg: '16px', pill: '999px' },
  space: (n: number) => `${n * 4}px`,
  font: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
  },
  breakpoints: { sidebar: 1024, phone: 600 },
  layout: { sidebarWidth: 240, playerHeight: 84, topBarHeight: 60 },
};

export const lightTheme: DefaultTheme = {
  name: 'light',
  ...shared,
  color: {
    bg: '#f6f7fb',
    surface: '#ffffff',
    surfaceAlt: '#eef0f6',
    text: '#151824',
    textMuted: '#4f5566',
    border: '#d5d9e4',
    accent: '#5b3df5',
    accentText: '#ffffff',
    focus: '#1a73e8',
    danger: '#c62828',
    success: '#2e7d32',
    warning: '#a86a00',
    overlay: 'rgba(10, 12, 20, 0.5)',
  },
};

export const darkTheme: DefaultTheme = {
  name: 'dark',
  ...shared,
  color: {
    bg: '#0f1117',
    surface: '#181b24',
    surfaceAlt: '#222634',
    text: '#f1f3f9',
    textMuted: '#a9afc2',
    border: '#323748',
    accent: '#9d8bff',
    accentText: '#0f1117',
    focus: '#8ab4ff',
    danger: '#ff7b7b',
    success: '#6fdc8c',
    warning: '#ffd166',
    overlay: 'rgba(0, 0, 0, 0.6)',
  },
};

export const themes: Record<ThemeName, DefaultTheme> = { light: lightTheme, dark: darkTheme };
