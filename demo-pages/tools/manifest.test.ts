import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readElementDocs } from './manifest.ts';

/** The props an element file declares to define(), as attribute names. */
function declaredAttributes(tag: string): string[] {
  const source = readFileSync(resolve(import.meta.dirname, '../../elements', `${tag}.ts`), 'utf8');
  const props = /props:\s*\{([^}]*)\}/.exec(source)?.[1] ?? '';
  return [...props.matchAll(/(\w+)\s*:/g)].map(([, name]) =>
    name!.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase(),
  );
}

describe('custom-elements.json', () => {
  const docs = readElementDocs();

  it('documents every element with a summary and a live example of its own tag', () => {
    expect(docs.length).toBeGreaterThan(0);
    for (const element of docs) {
      expect(element.summary, element.tagName).not.toBe('');
      expect(element.example, element.tagName).toMatch(new RegExp(`^<${element.tagName}[\\s>]`));
    }
  });

  it('documents exactly the attributes each element declares, so docs cannot drift from code', () => {
    for (const element of docs) {
      expect(element.attributes.map((a) => a.name).sort(), element.tagName).toEqual(
        declaredAttributes(element.tagName).sort(),
      );
    }
  });

  it('documents only events that are in the typed event map', () => {
    const eventMap = readFileSync(resolve(import.meta.dirname, '../../src/core/events.ts'), 'utf8');
    for (const element of docs) {
      for (const event of element.events)
        expect(eventMap, `${element.tagName} ${event.name}`).toContain(`'${event.name}':`);
    }
  });
});
