import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One worker per core (Vitest's default leaves one core free): server tests mostly wait on their databases, and
    // each PostgreSQL test has a database of its own, so files run side by side safely.
    maxWorkers: os.availableParallelism(),
    projects: ['packages/domain', 'packages/server', 'packages/web'],
  },
});
