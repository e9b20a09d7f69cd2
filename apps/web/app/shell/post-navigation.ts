import { postNavigationDelay } from './query-tracking';

export interface NavigationInfo {
  pathname: string;
  search: string;
}
export type PostNavigationTask = (navigation: NavigationInfo) => void;

const tasks = new Set<PostNavigationTask>();

/**
 * Registers work that runs after each navigation settles (analytics page views, click
 * tracking…). Returns the function that unregisters it.
 */
export function registerPostNavigationTask(task: PostNavigationTask): () => void {
  tasks.add(task);
  return () => {
    tasks.delete(task);
  };
}

/** Schedules the registered tasks for a navigation; the returned function cancels them. */
export function schedulePostNavigationTasks(navigation: NavigationInfo): () => void {
  const delay = postNavigationDelay(new URLSearchParams(navigation.search));
  const timer = setTimeout(() => {
    for (const task of tasks) {
      try {
        task(navigation);
      } catch (error) {
        // One failing task must not stop the others.
        console.error('Post-navigation task failed', error);
      }
    }
  }, delay);
  return () => clearTimeout(timer);
}
