import { lazy, Suspense } from 'react';
import { useSelector } from 'react-redux';
import KeptPage from '../../../features/offline/pages/KeptPage';
import { selectAuth } from '../../../shared/session';
import { OfflineNotice } from '../../../ui/OfflineNotice';
import { PageSpinner } from '../../../ui/Spinner';

const Shell = lazy(() => import(/* webpackChunkName: "shell" */ '../../Shell'));

/**
 * /kept (docs/product.md §2.17): signed in, inside the shell, so kept songs play with the player bar;
 * signed out (an expired session offline), the page alone with the offline notice.
 */
export default function KeptScreen() {
  const { user, isLoading } = useSelector(selectAuth);
  if (isLoading) return <PageSpinner />;
  if (!user)
    return (
      <main>
        <OfflineNotice />
        <KeptPage />
      </main>
    );
  return (
    <Suspense fallback={<PageSpinner />}>
      <Shell>
        <KeptPage />
      </Shell>
    </Suspense>
  );
}
