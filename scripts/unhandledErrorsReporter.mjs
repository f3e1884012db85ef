// A Vitest reporter that writes the run's unhandled errors (thrown outside any test) to the file
// VITEST_UNHANDLED_ERRORS_FILE names, so that `npm test` can name them at the end of a long log.
import fs from 'node:fs';

export default class UnhandledErrorsReporter {
  onTestRunEnd(_testModules, unhandledErrors) {
    const errors = unhandledErrors.map((error) => ({
      name: error.name,
      message: error.message,
      file: error.VITEST_TEST_PATH,
      test: error.VITEST_TEST_NAME,
      stack: String(error.stack ?? '').split('\n').slice(0, 6).join('\n'),
    }));
    const file = process.env.VITEST_UNHANDLED_ERRORS_FILE;
    if (file) fs.writeFileSync(file, JSON.stringify(errors, null, 2));
  }
}
