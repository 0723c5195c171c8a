import type { UNSAFE_createBrowserHistory } from 'react-router-dom';

export type History = ReturnType<typeof UNSAFE_createBrowserHistory>;
type To = Parameters<History['push']>[0];

/** Asked before a navigation leaves the page; calls `proceed` if the user lets it go on. */
export type Blocker = (proceed: () => void) => void;

export interface GuardedHistory {
  history: History;
  /** Holds every navigation to another page until `blocker` lets it proceed; answers the release. */
  block(blocker: Blocker): () => void;
}

/**
 * A history whose navigations a page can hold (Settings with unsaved changes, docs/product.md §2.10)
 * under the declarative router: react-router's useBlocker needs its data router, which costs the
 * sign-in page 16 KB gzip. Pushes and replaces wait for the blocker; a Back or Forward (POP) has
 * already moved the URL, so it is undone at once and redone if the user proceeds.
 */
export function createGuardedHistory(base: History): GuardedHistory {
  let blocker: Blocker | null = null;
  let swallowPop = false;
  let passPop = false;

  const leavesPage = (to: To) => base.encodeLocation(to).pathname !== base.location.pathname;
  const hold = (to: To, navigate: () => void) => (blocker && leavesPage(to) ? blocker(navigate) : navigate());

  const history: History = {
    get action() {
      return base.action;
    },
    get location() {
      return base.location;
    },
    createHref: (to) => base.createHref(to),
    createURL: (to) => base.createURL(to),
    encodeLocation: (to) => base.encodeLocation(to),
    push: (to, state) => hold(to, () => base.push(to, state)),
    replace: (to, state) => hold(to, () => base.replace(to, state)),
    go: (delta) => base.go(delta),
    listen: (listener) =>
      base.listen((update) => {
        if (swallowPop) {
          swallowPop = false;
          return;
        }
        if (update.action === 'POP' && blocker && update.delta && !passPop) {
          const delta = update.delta;
          swallowPop = true;
          base.go(-delta);
          blocker(() => {
            passPop = true;
            base.go(delta);
          });
          return;
        }
        passPop = false;
        listener(update);
      }),
  };

  return {
    history,
    block(next) {
      blocker = next;
      return () => {
        if (blocker === next) blocker = null;
      };
    },
  };
}
