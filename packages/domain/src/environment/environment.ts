/** Spec 000 §9: the environments the product runs in, derived from the host. */
export type Environment = 'design' | 'staging' | 'preview' | 'production';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Spec 000 §9: derives the environment from a host name; a machine-local host counts as design. */
export function environmentFromHost(host: string): Environment {
  const name = host.toLowerCase().replace(/:\d+$/, '');
  if (LOCAL_HOSTS.has(name) || name.includes('design')) return 'design';
  if (name.includes('staging')) return 'staging';
  if (name.includes('preview')) return 'preview';
  return 'production';
}

/** Spec 001 §2.1: the header badge reads 'development' for design and 'staging' for staging; nothing else is shown. */
export function environmentBadge(environment: Environment): string | undefined {
  if (environment === 'design') return 'development';
  if (environment === 'staging') return 'staging';
  return undefined;
}
