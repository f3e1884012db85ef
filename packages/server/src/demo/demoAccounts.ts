import type { Role } from '@editor/domain';

export interface DemoAccount {
  username: string;
  name: string;
  roles: Role[];
  /** `'all'` gives every space (or locale) the installation knows. */
  spaces: string[] | 'all';
  localizations: string[] | 'all';
}

/** The accounts of the embedded sign-in provider; each one's password is its username (README lists them). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    username: 'admin',
    name: 'Ada Admin',
    roles: [
      'admin',
      'technical-admin-user',
      'content-manager',
      'taxonomy-manager',
      'embargo-date-manager',
      'all-localizations',
      'translator',
      'technician',
    ],
    spaces: 'all',
    localizations: 'all',
  },
  {
    username: 'editor',
    name: 'Emma Editor',
    roles: ['content-editor', 'translator'],
    spaces: ['rbcom', 'global'],
    localizations: ['en', 'de', 'fr', 'es', 'it'],
  },
  {
    username: 'translator',
    name: 'Theo Translator',
    roles: ['translator'],
    spaces: ['rbcom'],
    localizations: ['de', 'fr', 'es'],
  },
  {
    username: 'curator',
    name: 'Chris Curator',
    roles: ['curator'],
    spaces: ['rbcom'],
    localizations: ['en'],
  },
  {
    username: 'tv',
    name: 'Tara Vision',
    roles: ['content-editor', 'rbtv-content-creator'],
    spaces: ['rbtv'],
    localizations: ['en', 'de'],
  },
  {
    username: 'hub',
    name: 'Hanna Hub',
    roles: ['content-editor', 'content-hub-manager'],
    spaces: ['illume'],
    localizations: ['en'],
  },
];

export function findDemoAccount(username: string): DemoAccount | undefined {
  return DEMO_ACCOUNTS.find((account) => account.username === username);
}
