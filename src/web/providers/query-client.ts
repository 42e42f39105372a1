import { QueryClient } from '@tanstack/react-query';

/** Refine's query cache, held here so logout can empty it (no data of one user for the next). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: false } },
});
