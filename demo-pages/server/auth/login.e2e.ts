/** The /login/ page in a browser: what a screen-reader user hears while the resend countdown runs. */
import { expect, test } from '@playwright/test';

test('the resend countdown is announced when it starts and when the code can be asked again, not every second', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/login/?lang=eng');
  // The page's clock stands still from here: only runFor moves the countdown.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  // Every text a live region takes (polite or assertive), in order; empty ones are silence.
  await page.evaluate(() => {
    const heard: string[] = [];
    Object.assign(window, { heard });
    const live = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]';
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target instanceof Element ? record.target : record.target.parentElement;
        const region = target?.closest(live);
        const text = region?.textContent?.trim();
        if (region && text && heard.at(-1) !== text) heard.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  // A number of its own: the per-phone limits of other tests do not meet it.
  const phone = `+7901${String(Date.now()).slice(-7)}`;
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page.getByLabel('Code from SMS')).toBeFocused();
  // The countdown itself still shows every second for sighted users.
  await page.clock.runFor(5_000);
  await expect(page.locator('#countdown')).toHaveText('You can request the code again in 25 s');
  await page.clock.runFor(26_000);
  await expect(page.getByRole('button', { name: 'Send the code again' })).toBeEnabled();
  expect(await page.evaluate(() => (window as unknown as { heard: string[] }).heard)).toEqual([
    'You can request the code again in 30 s',
    'You can request the code again now',
  ]);
});
