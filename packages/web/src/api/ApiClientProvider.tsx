import { createContext, use, useMemo, type ReactNode } from 'react';
import { createApiClient, type ApiClient, type Credentials } from './client.ts';

const ApiClientContext = createContext<ApiClient | null>(null);

interface ApiClientProviderProps {
  /** Read at every call: silent renew replaces the token, and the role override can change between calls. */
  getCredentials: () => Promise<Credentials>;
  children: ReactNode;
}

export function ApiClientProvider({ getCredentials, children }: ApiClientProviderProps) {
  const client = useMemo(() => createApiClient({ getCredentials }), [getCredentials]);
  return <ApiClientContext value={client}>{children}</ApiClientContext>;
}

export function useApiClient(): ApiClient {
  const client = use(ApiClientContext);
  if (!client) throw new Error('useApiClient must be used inside ApiClientProvider.');
  return client;
}
