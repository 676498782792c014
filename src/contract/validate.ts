/**
 * A tiny validator for server-injected JSON. Legacy templates are written by other teams, so a
 * broken block must produce a message that names the field and what was expected, e.g.
 * `stockId: expected an integer, got "abc"`.
 */

export class ValidationError extends Error {
  constructor(
    readonly path: string,
    readonly expected: string,
    readonly actual: unknown,
  ) {
    super(`${path}: expected ${expected}, got ${describe(actual)}`);
    this.name = 'ValidationError';
  }
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing (the field is missing)';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  // JSON.stringify would print NaN and Infinity as null.
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** A checker returns the value typed, or throws ValidationError naming the path. */
export type Check<T> = (value: unknown, path: string) => T;

export const integer: Check<number> = (v, path) => {
  // Legacy templates often print ids as strings ("12"); accept those, reject anything else.
  const n = typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n)) throw new ValidationError(path, 'an integer', v);
  return n;
};

export const number: Check<number> = (v, path) => {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new ValidationError(path, 'a number', v);
  return v;
};

export const string: Check<string> = (v, path) => {
  if (typeof v !== 'string') throw new ValidationError(path, 'a string', v);
  return v;
};

export const boolean: Check<boolean> = (v, path) => {
  // PHP templates print booleans as 0/1 or "0"/"1" as often as true/false.
  if (v === true || v === 1 || v === '1' || v === 'true') return true;
  if (v === false || v === 0 || v === '0' || v === 'false' || v === '') return false;
  throw new ValidationError(path, 'a boolean', v);
};

export const unknownValue: Check<unknown> = (v) => v;

export function oneOf<T extends string>(values: readonly T[]): Check<T> {
  return (v, path) => {
    if (typeof v !== 'string' || !(values as readonly string[]).includes(v)) {
      throw new ValidationError(path, `one of ${values.join(', ')}`, v);
    }
    return v as T;
  };
}

export function nullable<T>(check: Check<T>): Check<T | null> {
  return (v, path) => (v === null ? null : check(v, path));
}

/** Missing (undefined) gives the fallback; anything present must pass the check. */
export function optional<T>(check: Check<T>, fallback: T): Check<T> {
  return (v, path) => (v === undefined ? fallback : check(v, path));
}

export function arrayOf<T>(check: Check<T>): Check<T[]> {
  return (v, path) => {
    if (!Array.isArray(v)) throw new ValidationError(path, 'a list', v);
    return v.map((item, i) => check(item, `${path}[${i}]`));
  };
}

export type Shape<T> = { [K in keyof T]-?: Check<T[K]> };

export function object<T>(shape: Shape<T>): Check<T> {
  return (v, path) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) {
      throw new ValidationError(path, 'an object', v);
    }
    const source = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(shape) as Array<keyof T & string>) {
      out[key] = shape[key](source[key], path ? `${path}.${key}` : key);
    }
    return out as T;
  };
}

/** An object whose fields are not checked one by one (tables whose columns vary by page). */
export const record: Check<Record<string, unknown>> = (v, path) => {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new ValidationError(path, 'an object', v);
  return v as Record<string, unknown>;
};
