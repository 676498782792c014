/**
 * The visitor's device and the registration banner's variant (SPEC §4 Shell): pure, fed from
 * effects with `navigator.userAgent` and the current time.
 */

/** The mobile platforms the app is offered on (SPEC §4: Huawei, Android, iOS). */
export type AppPlatform = 'huawei' | 'android' | 'ios';

/**
 * The app platform of a user agent, or null on a desktop. Huawei first: its phones say "Android"
 * too, and their store is AppGallery. iPadOS 13+ reports a Mac and stays on the web page.
 */
export function appPlatformOf(userAgent: string): AppPlatform | null {
  if (/huawei|honor|harmonyos|hmscore/i.test(userAgent)) return 'huawei';
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  return null;
}

/** One of the banner's two variants, by the odd or even current second (SPEC §4). */
export function registrationVariantAt(time: Date): 'even' | 'odd' {
  return time.getSeconds() % 2 === 0 ? 'even' : 'odd';
}

/**
 * Whether the reader has scrolled past `share` of the page: the bottom of the viewport
 * (`scrollY + viewportHeight`) is below that share of the page's height.
 */
export function scrolledPast(
  share: number,
  { scrollY, viewportHeight, pageHeight }: { scrollY: number; viewportHeight: number; pageHeight: number },
): boolean {
  return scrollY > 0 && scrollY + viewportHeight >= share * pageHeight;
}
