import type { Page } from '@playwright/test';

/**
 * What has the focus, through the shadow roots of the elements on the page:
 * "tag:accessible label or text", e.g. `button:Next column`.
 */
export const focusedElement = (page: Page) =>
  page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    if (!active) return null;
    return `${active.tagName.toLowerCase()}:${active.getAttribute('aria-label') ?? active.textContent?.trim() ?? ''}`;
  });
