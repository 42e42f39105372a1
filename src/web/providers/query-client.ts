import { QueryClient } from '@tanstack/react-query';
import { currentUser, onSessionChange } from './session';

/** Refine's query cache, held here so logout can empty it (no data of one user for the next). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: false } },
});

// Emptied whenever the session ends or a new one starts. Through the session's event rather than
// called by the auth provider, which the login page uses without loading the query library.
onSessionChange(() => {
  if (!currentUser()) queryClient.clear();
});
