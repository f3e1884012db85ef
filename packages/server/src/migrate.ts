import path from 'node:path';
import { readConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';

const config = readConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'editor.db') });
await migrateToLatest(database.db, database.schema);
await database.destroy();
console.log(`Database is at the newest schema (${database.dialect}).`);
