import { useEffect } from 'react';

export const APP_NAME = 'Wavelength';

/** "Search · Wavelength"; the app's name alone while a page has nothing to name yet. */
export const documentTitle = (page?: string | null) => (page ? `${page} · ${APP_NAME}` : APP_NAME);

/** Names the browser tab after the page shown (docs/product.md: every page has its own title). */
export function useDocumentTitle(page?: string | null): void {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
