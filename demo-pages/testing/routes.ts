/** Page routes in browser tests. */
import { test } from '@playwright/test';

/**
 * Ends the page's routes after each test of the file, letting go of the calls still in a route
 * callback. A callback that fetches the real answer to edit it (`route.fetch()`) may still be
 * waiting for a call the page made late (an element's labels, a lazy view's data) when the test
 * ends; Playwright then fails the run outside any test ("route.fetch: Test ended") and the worker's
 * next test does not run. Called at the top of each file whose routes fetch.
 */
export function endRoutesAfterEachTest(): void {
  test.afterEach(async ({ page }) => {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
}
