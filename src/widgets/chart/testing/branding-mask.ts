/**
 * The amCharts logo for pictures of a chart. The free licence draws it in the chart's bottom-left
 * corner (x 5–55 px, 4–19 px above the bottom, measured) and animates it in 3 s after the chart
 * is created, so a picture compared exactly (`maxDiffPixels: 0`) leaves that box out: otherwise it
 * would depend on how fast a run reaches its screenshot.
 */
import type { Locator } from '@playwright/test';

/** The box masked, relative to the chart's bottom-left corner: the logo with a pixel around it. */
export const AMCHARTS_LOGO_BOX = { left: 4, bottomOffset: 20, width: 53, height: 17 } as const;

/**
 * Puts a box over the logo of `chart` (the element the chart draws in: `[part~="chart"]`, or the
 * harness' figure) and returns it, for `toHaveScreenshot(name, { mask: [mask] })`. Placed in page
 * coordinates, so it stays on the logo when the screenshot scrolls the chart into view.
 */
export async function amChartsLogoMask(chart: Locator): Promise<Locator> {
  const id = await chart.evaluate((element, box) => {
    const rect = element.getBoundingClientRect();
    const id = 'amcharts-logo-mask';
    const mask = document.getElementById(id) ?? document.createElement('div');
    mask.id = id;
    Object.assign(mask.style, {
      position: 'absolute',
      left: `${rect.left + window.scrollX + box.left}px`,
      top: `${rect.bottom + window.scrollY - box.bottomOffset}px`,
      width: `${box.width}px`,
      height: `${box.height}px`,
      pointerEvents: 'none',
    });
    document.body.append(mask);
    return id;
  }, AMCHARTS_LOGO_BOX);
  return chart.page().locator(`#${id}`);
}
