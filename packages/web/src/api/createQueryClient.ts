import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './client.ts';
import { markRequestError } from './requestErrorFlag.ts';

const MAX_RETRIES = 2;

/** A refused request (4xx) fails the same way again; only server and network failures are worth a retry. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(options: { retry?: boolean } = {}): QueryClient {
  const retry = options.retry === false ? false : shouldRetry;
  return new QueryClient({
    queryCache: new QueryCache({ onError: markRequestError }),
    mutationCache: new MutationCache({ onError: markRequestError }),
    defaultOptions: {
      queries: { retry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
