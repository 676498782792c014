/**
 * Elements compose other elements by their tag, never by importing another feature (DESIGN §2).
 * The elements layer says how a tag is loaded (`provideElement`, usually a dynamic import of its
 * registration module); a feature renders the tag and asks for it with `useElement`, so the
 * other element's code is fetched only when it is first shown.
 */
import { useEffect, useState } from 'react';

const loaders = new Map<string, () => Promise<unknown>>();

/** Registers how to load `tag`; the first provider wins (two bundles on one page). */
export function provideElement(tag: string, load: () => Promise<unknown>): void {
  if (!loaders.has(tag)) loaders.set(tag, load);
}

/** Loads `tag` when it is not defined yet. Resolves when it is defined; rejects when no one provides it. */
export async function loadElement(tag: string): Promise<void> {
  if (typeof customElements === 'undefined' || customElements.get(tag)) return;
  const load = loaders.get(tag);
  if (!load) throw new Error(`<${tag}> is not provided to this bundle`);
  await load();
  await customElements.whenDefined(tag);
}

/** Whether `tag` is defined, loading it on first use; a failed load is logged and stays false. */
export function useElement(tag: string): boolean {
  const [defined, setDefined] = useState(
    () => typeof customElements !== 'undefined' && !!customElements.get(tag),
  );
  useEffect(() => {
    if (defined) return;
    let live = true;
    loadElement(tag).then(
      () => live && setDefined(true),
      (error: Error) => console.error(`fin-elements: ${error.message}`),
    );
    return () => {
      live = false;
    };
  }, [tag, defined]);
  return defined;
}
