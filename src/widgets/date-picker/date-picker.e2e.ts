/**
 * The date picker in real Chromium, for what happy-dom cannot show: real focus and blur, a click
 * outside the shadow root, where the popup lands (below, above near the bottom, following the
 * page as it scrolls) and that it fits a 320 px screen. The fixture page is bundled here with Vite
 * and served through page.route.
 */
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { AxeTally, runAxe } from '../../../demo-pages/testing/a11y.ts';
import { bundleFixtureScript, openFixturePage } from '../testing/fixture-script.ts';
import { focusedElement } from '../testing/focus.ts';

const FIXTURE_PATH = '/__date-picker-fixture__/';
let bundle = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  bundle = await bundleFixtureScript(resolve(import.meta.dirname, 'date-picker.e2e.fixture.tsx'), {
    name: 'DatePickerFixture',
  });
});

async function openFixture(page: Page) {
  await openFixturePage(
    page,
    FIXTURE_PATH,
    `<p id="outside" style="margin:0;padding:8px">Page text outside the element</p>
        <date-picker-fixture></date-picker-fixture>`,
    bundle,
  );
  await expect(page.getByLabel('Trade date')).toHaveValue('15.03.2024');
}

const log = (page: Page) => page.evaluate(() => window.datePickerLog);

const single = (page: Page) => page.locator('section.single');
const range = (page: Page) => page.locator('section.range');
const dialog = (page: Page) => page.getByRole('dialog');

test('opens from the button and picks a day with the mouse; focus goes back to the button', async ({
  page,
}) => {
  await openFixture(page);
  const toggle = single(page).getByRole('button', { name: 'Choose date' });
  await toggle.click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByRole('heading')).toHaveText('March 2024');
  await expect(dialog(page).getByRole('gridcell')).toHaveCount(42);
  expect(await focusedElement(page)).toBe('button:Friday, March 15, 2024');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');

  await dialog(page).getByRole('button', { name: 'Wednesday, March 20, 2024' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByLabel('Trade date')).toHaveValue('20.03.2024');
  expect(await focusedElement(page)).toBe('button:Choose date');
  expect(await log(page)).toEqual(['date:20.03.2024']);
});

test('the keyboard alone: Tab to the button, Enter, arrows, PageDown, Enter; Escape closes', async ({
  page,
}) => {
  await openFixture(page);
  await page.getByLabel('Trade date').focus();
  await page.keyboard.press('Tab');
  expect(await focusedElement(page)).toBe('button:Choose date');
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowLeft');
  expect(await focusedElement(page)).toBe('button:Thursday, March 21, 2024');
  await page.keyboard.press('PageDown');
  await expect(dialog(page).getByRole('heading')).toHaveText('April 2024');
  await page.keyboard.press('Home');
  expect(await focusedElement(page)).toBe('button:Monday, April 15, 2024');
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByLabel('Trade date')).toHaveValue('15.04.2024');
  expect(await focusedElement(page)).toBe('button:Choose date');

  // Tab stays in the dialog; Escape closes it without a change.
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeVisible();
  for (let step = 0; step < 12; step += 1) await page.keyboard.press('Tab');
  const inside = await page.evaluate(() => {
    const shadow = document.querySelector('date-picker-fixture')!.shadowRoot!;
    return shadow.querySelector('[role="dialog"]')!.contains(shadow.activeElement);
  });
  expect(inside).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  expect(await focusedElement(page)).toBe('button:Choose date');
  expect(await log(page)).toEqual(['date:15.04.2024']);
});

test('typed text: applied on Enter; an invalid text on blur shows the error and keeps the value', async ({
  page,
}) => {
  await openFixture(page);
  const field = page.getByLabel('Trade date');
  await field.fill('01.02.2024');
  await field.press('Enter');
  await field.fill('31.02.2024');
  await page.keyboard.press('Tab');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(single(page).getByRole('alert')).toHaveText('Enter a date in the format DD.MM.YYYY');
  await expect(field).toHaveValue('31.02.2024');
  await field.fill('01.01.2019');
  await field.press('Enter');
  await expect(single(page).getByRole('alert')).toHaveText('This date cannot be chosen');
  expect(await log(page)).toEqual(['date:01.02.2024', 'error:date:invalid', 'error:date:unavailable']);
  const color = await field.evaluate((element) => getComputedStyle(element).borderTopColor);
  expect(color).toBe('rgb(227, 30, 37)');
});

test('inside a shadow root: a click outside closes the popup, a click inside does not', async ({ page }) => {
  await openFixture(page);
  await single(page).getByRole('button', { name: 'Choose date' }).click();
  await dialog(page).getByRole('button', { name: 'Next month' }).click();
  await expect(dialog(page).getByRole('heading')).toHaveText('April 2024');
  await page.getByLabel('Trade date').click();
  await expect(dialog(page)).toBeVisible();
  await page.locator('#outside').click();
  await expect(dialog(page)).toBeHidden();
  await expect(single(page).getByRole('button', { name: 'Choose date' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  expect(await log(page)).toEqual([]);
});

test('at 320 px the popup fits the screen', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await openFixture(page);
  await single(page).getByRole('button', { name: 'Choose date' }).click();
  const popup = dialog(page);
  await expect(popup).toBeVisible();
  const box = (await popup.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(320);
  expect(box.y + box.height).toBeLessThanOrEqual(640);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  // Every day can be hit: none is cut off.
  const last = (await popup.getByRole('button', { name: 'Sunday, April 7, 2024' }).boundingBox())!;
  expect(last.x + last.width).toBeLessThanOrEqual(320);
  await expect(popup).toHaveScreenshot('date-picker-320.png');
});

test('the popup goes above near the bottom of the screen and follows scrolling', async ({ page }) => {
  await openFixture(page);
  const field = range(page).locator('.fin-date-picker__field');
  // The range field 80 px above the bottom of the viewport.
  await page.evaluate(() => {
    const shadow = document.querySelector('date-picker-fixture')!.shadowRoot!;
    const top = shadow.querySelector('section.range .fin-date-picker__field')!.getBoundingClientRect().top;
    window.scrollBy(0, top - (window.innerHeight - 80));
  });
  await range(page).getByRole('button', { name: 'Choose date' }).click();
  const popup = dialog(page);
  await expect(popup).toHaveAttribute('data-placement', 'top');
  let fieldBox = (await field.boundingBox())!;
  let popupBox = (await popup.boundingBox())!;
  expect(popupBox.y + popupBox.height).toBeCloseTo(fieldBox.y - 4, 0);

  // Scrolled so that the field is near the top: the popup moves below it (throttled, SPEC §9).
  await page.mouse.move(640, 200);
  await page.mouse.wheel(0, 600);
  await expect(popup).toHaveAttribute('data-placement', 'bottom');
  fieldBox = (await field.boundingBox())!;
  popupBox = (await popup.boundingBox())!;
  expect(popupBox.y).toBeCloseTo(fieldBox.y + fieldBox.height + 4, 0);
});

test('range: a start after the end is refused; the popup picks a start then an end', async ({ page }) => {
  await openFixture(page);
  const from = range(page).getByLabel('From');
  const to = range(page).getByLabel('To');
  await to.fill('05.03.2024');
  await to.press('Enter');
  await from.fill('10.03.2024');
  await from.press('Enter');
  await expect(range(page).getByRole('alert')).toHaveText('The start date cannot be after the end date');
  await expect(from).toHaveAttribute('aria-invalid', 'true');

  await range(page).getByRole('button', { name: 'Choose date' }).click();
  const popup = dialog(page);
  await expect(popup.getByText('Choose the start date')).toBeVisible();
  await popup.getByRole('button', { name: 'Monday, March 4, 2024' }).click();
  await expect(popup.getByText('Choose the end date')).toBeVisible();
  // The end cannot be before the start, nor after the max.
  await expect(popup.getByRole('button', { name: 'Sunday, March 3, 2024' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expect(popup.getByRole('button', { name: 'Saturday, March 16, 2024' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await popup.getByRole('button', { name: 'Tuesday, March 12, 2024' }).click();
  await expect(popup).toBeHidden();
  await expect(from).toHaveValue('04.03.2024');
  await expect(range(page).getByLabel('To')).toHaveValue('12.03.2024');
  await expect(range(page).getByRole('alert')).toHaveCount(0);

  // Typed: over ten years moves the other date.
  await from.fill('01.01.2001');
  await from.press('Enter');
  await expect(to).toHaveValue('01.01.2011');
  expect(await log(page)).toEqual([
    'period:01.03.2024~05.03.2024',
    'error:start:range_order',
    'period:04.03.2024~12.03.2024',
    'period:01.01.2001~01.01.2011:capped',
  ]);
});

test('range: the days of the next month in the chosen range stay readable (axe contrast)', async ({
  page,
}) => {
  await openFixture(page);
  const from = range(page).getByLabel('From');
  await from.fill('10.01.2024');
  await from.press('Enter');
  await expect(range(page).getByLabel('To')).toHaveValue('15.03.2024');
  await range(page).getByRole('button', { name: 'Choose date' }).click();
  const popup = dialog(page);
  // January 2024's grid ends with 1–11 February: outside the month, inside the range.
  const outsideInRange = popup.locator('.fin-date-picker__cell--outside.fin-date-picker__cell--in-range');
  await expect(outsideInRange).toHaveCount(11);
  await expect(outsideInRange.first().getByRole('button')).toHaveAttribute('data-date', '01.02.2024');
  const tally = new AxeTally();
  tally.add('range popup, January 2024', await runAxe(page, 'date-picker-fixture'));
  expect(tally.blocking()).toEqual([]);
});

test('intraday: a day, then hours and minutes in the time panel, inside min/max', async ({ page }) => {
  await openFixture(page);
  const section = page.locator('section.intraday');
  await section.getByRole('button', { name: 'Choose date' }).click();
  const popup = dialog(page);
  await expect(popup.getByRole('button', { name: 'Thursday, March 14, 2024' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await popup.getByRole('button', { name: 'Friday, March 15, 2024' }).click();
  await expect(popup.getByText('Choose the time')).toBeVisible();
  await expect(popup.getByLabel('Hours')).toHaveValue('10');
  await popup.getByLabel('Hours').selectOption('19');
  await expect(popup.getByRole('alert')).toHaveText('This time cannot be chosen');
  // aria-disabled, so Playwright would wait for it to turn enabled: force the click.
  await popup.getByRole('button', { name: 'Apply' }).click({ force: true });
  await expect(popup).toBeVisible();
  await popup.getByLabel('Hours').selectOption('14');
  await popup.getByLabel('Minutes').selectOption('5');
  await popup.getByRole('button', { name: 'Apply' }).click();
  await expect(popup).toBeHidden();
  await expect(section.getByLabel('Intraday from')).toHaveValue('15.03.2024 14:05');
  expect(await focusedElement(page)).toBe('button:Choose date');
  expect(await log(page)).toEqual(['moment:15.03.2024 14:05']);
});
