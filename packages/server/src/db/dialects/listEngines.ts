import type { Dialect } from '../database.ts';
import type { ListEngine } from './listEngine.ts';
import { postgresListEngine } from './postgresListEngine.ts';
import { sqliteListEngine } from './sqliteListEngine.ts';

/** The list engine of a database, chosen once where the app is built. */
export function listEngineOf(dialect: Dialect): ListEngine {
  return dialect === 'sqlite' ? sqliteListEngine : postgresListEngine;
}
