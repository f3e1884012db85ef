import { once } from 'node:events';
import { openDatabase } from '../src/db/database.ts';
import { schedulerOn } from './schedulerInstance.ts';

// A second server process's scheduler for the exactly-once test: it connects to the PostgreSQL schema it is given,
// says 'ready', waits for a line on stdin so both processes start together, runs until nothing is due, and prints how
// many transitions it executed.
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, schema: process.env.DATABASE_SCHEMA });
const scheduler = schedulerOn(database.db, 'postgres', { batchSize: Number(process.env.BATCH_SIZE ?? 25) });
process.stdout.write('ready\n');
await once(process.stdin, 'data');
let executed = 0;
for (;;) {
  const finished = await scheduler.runOnce();
  executed += finished;
  if (finished === 0) break;
}
process.stdout.write(`${JSON.stringify({ executed })}\n`);
await database.destroy();
process.exit(0);
